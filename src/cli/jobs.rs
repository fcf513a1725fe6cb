//! Work on several items at once, answered in their order.
//!
//! `solve-maze -j N` solves N files at a time, but prints their answers in
//! the order the files were named, each as soon as it and every one before
//! it are done. [`in_order`] does that for any work: worker threads take
//! the items by their index and send back what they made; the calling
//! thread holds results that come early and hands each on in turn. At
//! most N items are in hand at once, worked on or waiting to be taken, so
//! the memory a run holds is what N items hold (each solve has its share of
//! the budget: `solve-maze` splits `--max-memory` among the jobs).

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError, mpsc};

/// Does `work` on the items `0..count` on `jobs` threads at once, and
/// hands each result to `take` on the calling thread in the order of the
/// items: item `i`'s result once it and every item before it are done.
///
/// With one job (or none, or one item) no thread is started: the calling
/// thread does each item's work and takes its result before the next
/// item's work begins. With more, at most `count` threads work, and an
/// item's work starts only when fewer than `jobs` items are in hand (being
/// worked on, or done and waiting for an earlier one to be taken): a slow
/// item holds up the others rather than letting results pile up.
///
/// When `take` breaks, no more items are started and no more results are
/// taken; the items being worked on are finished (their results dropped)
/// before the break is returned. Otherwise every item is taken and
/// `Continue(())` is returned.
pub(crate) fn in_order<T, B>(
    count: usize,
    jobs: usize,
    work: impl Fn(usize) -> T + Sync,
    mut take: impl FnMut(usize, T) -> ControlFlow<B>,
) -> ControlFlow<B>
where
    T: Send,
{
    let jobs = jobs.clamp(1, count.max(1));
    if jobs == 1 {
        for i in 0..count {
            take(i, work(i))?;
        }
        return ControlFlow::Continue(());
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // The first item not yet taken, and word when it moves on (or the run
    // stops), for the workers waiting to start an item past the window.
    let first = Mutex::new(0usize);
    let moved = Condvar::new();
    let lock = || first.lock().unwrap_or_else(PoisonError::into_inner);
    let work = &work;
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel();
        for _ in 0..jobs {
            let (send, next, stop, moved) = (send.clone(), &next, &stop, &moved);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let mut due = lock();
                    while i >= *due + jobs && !stop.load(Ordering::Relaxed) {
                        due = moved.wait(due).unwrap_or_else(PoisonError::into_inner);
                    }
                    drop(due);
                    if stop.load(Ordering::Relaxed) || send.send((i, work(i))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Hold the results that arrive early.
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                if let ControlFlow::Break(b) = take(due, result) {
                    // Under the lock, so no worker misses the word.
                    let _first = lock();
                    stop.store(true, Ordering::Relaxed);
                    moved.notify_all();
                    return ControlFlow::Break(b);
                }
                due += 1;
                *lock() = due;
                moved.notify_all();
            }
        }
        ControlFlow::Continue(())
    })
}

#[cfg(test)]
mod tests {
    use super::in_order;
    use std::ops::ControlFlow;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;
    use std::time::Duration;

    /// The first item waits until the others in hand with it are done, so
    /// their results arrive first; they are still taken in order.
    #[test]
    fn results_that_finish_out_of_order_are_taken_in_order() {
        const COUNT: usize = 8;
        const JOBS: usize = 3;
        let finished = Mutex::new(Vec::new());
        let (others_done, wait_for_others) = mpsc::channel::<()>();
        let wait_for_others = Mutex::new(wait_for_others);
        let mut taken = Vec::new();
        let flow = in_order::<_, ()>(
            COUNT,
            JOBS,
            |i| {
                if i == 0 {
                    let receive = wait_for_others.lock().unwrap();
                    for _ in 1..JOBS {
                        // A long bound, so a runner that waits for item 0
                        // before starting the others fails instead of
                        // hanging; it is never reached otherwise.
                        receive
                            .recv_timeout(Duration::from_secs(60))
                            .expect("the other items in hand run while the first waits");
                    }
                    finished.lock().unwrap().push(i);
                } else {
                    // Noted before the first hears of it.
                    finished.lock().unwrap().push(i);
                    let _ = others_done.send(());
                }
                i * 10
            },
            |i, result| {
                taken.push((i, result));
                ControlFlow::Continue(())
            },
        );
        assert_eq!(flow, ControlFlow::Continue(()));
        let finished = finished.into_inner().unwrap();
        assert_eq!(finished[JOBS - 1], 0, "{finished:?}");
        let expected: Vec<_> = (0..COUNT).map(|i| (i, i * 10)).collect();
        assert_eq!(taken, expected);
    }

    /// No more items are in hand than there are jobs: an item starts only
    /// once the items `jobs` before it have been taken.
    #[test]
    fn no_more_items_are_in_hand_than_jobs() {
        for jobs in [2, 3, 5] {
            let taken = AtomicUsize::new(0);
            let flow = in_order::<_, ()>(
                40,
                jobs,
                |i| {
                    let before = taken.load(Ordering::SeqCst);
                    assert!(
                        i < before + jobs,
                        "item {i} with {before} taken, {jobs} jobs"
                    );
                    i
                },
                |_, _| {
                    taken.fetch_add(1, Ordering::SeqCst);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(flow, ControlFlow::Continue(()));
            assert_eq!(taken.into_inner(), 40);
        }
    }

    /// With one job the work is done on the calling thread, each result
    /// taken before the next item starts.
    #[test]
    fn one_job_alternates_work_and_take() {
        let log = Mutex::new(Vec::new());
        let caller = std::thread::current().id();
        let flow = in_order::<_, ()>(
            3,
            1,
            |i| {
                assert_eq!(std::thread::current().id(), caller);
                log.lock().unwrap().push(format!("work {i}"));
                i
            },
            |i, _| {
                log.lock().unwrap().push(format!("take {i}"));
                ControlFlow::Continue(())
            },
        );
        assert_eq!(flow, ControlFlow::Continue(()));
        assert_eq!(
            log.into_inner().unwrap(),
            ["work 0", "take 0", "work 1", "take 1", "work 2", "take 2"]
        );
    }

    /// A break ends the taking at once and is returned; with one job,
    /// nothing after the break is worked on.
    #[test]
    fn a_break_stops_the_run() {
        for jobs in [1, 2, 3] {
            let started = AtomicUsize::new(0);
            let mut taken = Vec::new();
            let flow = in_order(
                20,
                jobs,
                |i| {
                    started.fetch_add(1, Ordering::Relaxed);
                    i
                },
                |i, result| {
                    taken.push(result);
                    if i == 4 {
                        ControlFlow::Break("stopped")
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!(flow, ControlFlow::Break("stopped"), "{jobs} jobs");
            assert_eq!(taken, [0, 1, 2, 3, 4], "{jobs} jobs");
            if jobs == 1 {
                assert_eq!(started.into_inner(), 5);
            }
        }
    }

    #[test]
    fn no_items_or_more_jobs_than_items() {
        let flow = in_order::<(), ()>(0, 4, |_| unreachable!(), |_, ()| unreachable!());
        assert_eq!(flow, ControlFlow::Continue(()));
        let mut taken = Vec::new();
        let flow = in_order::<_, ()>(
            2,
            16,
            |i| i + 1,
            |_, result| {
                taken.push(result);
                ControlFlow::Continue(())
            },
        );
        assert_eq!(flow, ControlFlow::Continue(()));
        assert_eq!(taken, [1, 2]);
    }
}
