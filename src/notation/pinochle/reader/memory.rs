//! The values remembered for `#` and `##`, by tag name.
//!
//! Every tag pair of every hand sets its name's value, so the lookup runs
//! once per tag. Hands repeat their tags in the same order, so the entry a
//! tag's place in its hand found last time is tried first (one comparison
//! of names); the index by name (hashed) is asked only when that fails.
//! Hashing every tag's name took about 7% of a pinochle audit.

use std::collections::HashMap;

use super::{MAX_REMEMBERED_TAGS, Memory};

/// Places in a hand that keep a hint (later tags look their names up).
const HINTS: usize = 64;

/// Remembered values in the order their names were first given, with an
/// index by name.
#[derive(Clone, Debug, Default)]
pub(super) struct Remembered {
    entries: Vec<(Vec<u8>, Memory)>,
    index: HashMap<Vec<u8>, usize>,
}

/// For each place in a hand, the entry the tag there set last time.
#[derive(Debug, Default)]
pub(super) struct Hints(Vec<usize>);

impl Remembered {
    /// How many names are remembered.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The value remembered for `name`.
    pub(super) fn get(&self, name: &[u8]) -> Option<&Memory> {
        self.entry(name).map(|i| self.at(i))
    }

    /// The value at `entry` ([`Remembered::entry`]).
    pub(super) fn at(&self, entry: usize) -> &Memory {
        &self.entries[entry].1
    }

    /// Where `name`'s value is: the place [`Remembered::iter`] gives it.
    pub(super) fn entry(&self, name: &[u8]) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// Every name and its value, in the order first given.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&[u8], &Memory)> {
        self.entries.iter().map(|(n, m)| (&n[..], m))
    }

    /// Sets the value of `name`, the tag at place `place` of its hand
    /// (`hints` remembers where it went). Returns the entry it went to
    /// ([`Remembered::entry`]), or `None` when `name` is new and
    /// [`MAX_REMEMBERED_TAGS`] names are already remembered: it is not
    /// stored.
    pub(super) fn set(
        &mut self,
        name: &[u8],
        value: &[u8],
        sticky: bool,
        hints: &mut Hints,
        place: usize,
    ) -> Option<usize> {
        let hint = hints.0.get(place).copied();
        let found = match hint {
            Some(i) if self.entries.get(i).is_some_and(|e| e.0 == name) => Some(i),
            _ => self.index.get(name).copied(),
        };
        let i = match found {
            Some(i) => {
                let m = &mut self.entries[i].1;
                m.value.clear();
                m.value.extend_from_slice(value);
                m.sticky = sticky;
                i
            }
            None if self.entries.len() < MAX_REMEMBERED_TAGS => self.push(
                name,
                Memory {
                    value: value.to_vec(),
                    sticky,
                },
            ),
            None => return None,
        };
        if place < HINTS {
            if hints.0.len() <= place {
                hints.0.resize(place + 1, usize::MAX);
            }
            hints.0[place] = i;
        }
        Some(i)
    }

    /// Sets `name`'s value to `memory` (with no hint).
    pub(super) fn insert(&mut self, name: &[u8], memory: Memory) {
        match self.index.get(name) {
            Some(&i) => self.entries[i].1 = memory,
            None => {
                self.push(name, memory);
            }
        }
    }

    /// Adds a new name with its value; returns its entry.
    fn push(&mut self, name: &[u8], memory: Memory) -> usize {
        self.entries.push((name.to_vec(), memory));
        self.index.insert(name.to_vec(), self.entries.len() - 1);
        self.entries.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_found_by_name_whatever_the_hints_say() {
        let mut r = Remembered::default();
        let mut h = Hints::default();
        assert!(r.set(b"Site", b"A", false, &mut h, 0).is_some());
        assert!(r.set(b"Date", b"D", true, &mut h, 1).is_some());
        // The same places, the same names: found by their hints.
        assert!(r.set(b"Site", b"B", false, &mut h, 0).is_some());
        // Other names at those places: the hints are wrong, the index right.
        assert!(r.set(b"Date", b"E", false, &mut h, 0).is_some());
        assert!(r.set(b"Site", b"C", true, &mut h, 1).is_some());
        assert!(r.set(b"Room", b"R", false, &mut h, 500).is_some());
        let got: Vec<_> = r.iter().map(|(n, m)| (n, &m.value[..], m.sticky)).collect();
        assert_eq!(
            got,
            [
                (&b"Site"[..], &b"C"[..], true),
                (b"Date", b"E", false),
                (b"Room", b"R", false)
            ]
        );
        assert_eq!(r.get(b"Date").map(|m| &m.value[..]), Some(&b"E"[..]));
        assert!(r.get(b"Event").is_none());
        r.insert(b"Date", Memory::default());
        r.insert(b"Event", Memory::default());
        assert_eq!(
            (r.len(), r.get(b"Date").map(|m| m.value.len())),
            (4, Some(0))
        );
    }

    #[test]
    fn a_new_name_is_refused_once_the_memory_is_full() {
        let mut r = Remembered::default();
        let mut h = Hints::default();
        for i in 0..MAX_REMEMBERED_TAGS {
            assert!(
                r.set(format!("T{i}").as_bytes(), b"v", false, &mut h, i)
                    .is_some()
            );
        }
        assert!(r.set(b"New", b"v", false, &mut h, 3).is_none());
        // A name already there is still set.
        assert!(r.set(b"T7", b"w", false, &mut h, 3).is_some());
        assert_eq!(r.get(b"T7").map(|m| &m.value[..]), Some(&b"w"[..]));
        assert_eq!(r.len(), MAX_REMEMBERED_TAGS);
    }
}
