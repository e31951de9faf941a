//! Items made on a Rust thread and handed to Python in batches over a bounded
//! channel: the producer never holds the GIL, the consumer releases it while it
//! waits, and memory is bounded by the channel (batches x batch size) however
//! large the input.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use pyo3::prelude::*;

/// Items per batch.
pub const BATCH: usize = 256;
/// Batches in flight.
const CHANNEL: usize = 16;

/// The producer's end: collects items into batches.
pub struct Producer<T> {
    tx: SyncSender<Vec<T>>,
    batch: Vec<T>,
    /// The consumer is gone: nothing more is sent.
    pub closed: bool,
}

impl<T> Producer<T> {
    /// Adds `item`; sends the batch when it is full.
    pub fn push(&mut self, item: T) {
        self.batch.push(item);
        if self.batch.len() >= BATCH {
            self.flush();
        }
    }

    /// Sends what is collected.
    pub fn flush(&mut self) {
        if self.closed || self.batch.is_empty() {
            self.batch.clear();
            return;
        }
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        if self.tx.send(batch).is_err() {
            self.closed = true;
        }
    }
}

impl<T> Drop for Producer<T> {
    fn drop(&mut self) {
        self.flush();
    }
}

/// The consumer's end.
pub struct Consumer<T> {
    rx: Mutex<Receiver<Vec<T>>>,
    buffer: VecDeque<T>,
}

/// A producer and its consumer.
pub fn channel<T>() -> (Producer<T>, Consumer<T>) {
    let (tx, rx) = sync_channel(CHANNEL);
    (
        Producer {
            tx,
            batch: Vec::with_capacity(BATCH),
            closed: false,
        },
        Consumer {
            rx: Mutex::new(rx),
            buffer: VecDeque::new(),
        },
    )
}

impl<T: Send> Consumer<T> {
    /// The next item, waiting for it with the GIL released; `None` when the
    /// producer is done.
    pub fn next(&mut self, py: Python<'_>) -> Option<T> {
        if let Some(item) = self.buffer.pop_front() {
            return Some(item);
        }
        let rx = &self.rx;
        let batch = py.detach(|| rx.lock().ok()?.recv().ok())?;
        self.buffer.extend(batch);
        self.buffer.pop_front()
    }
}
