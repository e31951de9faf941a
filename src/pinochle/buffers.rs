//! The spare allocations a [`Hand`] keeps from record to record: the auction's
//! calls, the play's tricks and the Termination tag's cause. [`Hand::clear`]
//! takes them back from the hand; a decoder takes them out again for the next
//! record and gives back what it did not use, so that decoding the same hand
//! again allocates nothing once they have grown.

use super::{At, Call, Hand, Trick, Written};

/// Spare allocations a [`Hand`] keeps between records; never part of the
/// hand's value (two hands compare equal whatever their buffers).
///
/// ```
/// use kibitz::pinochle::Hand;
/// let mut a = Hand::default();
/// let mut v = a.take_trick_buffer();
/// v.reserve(20);
/// a.play = Some(kibitz::pinochle::Play { tricks: v, ..Default::default() });
/// a.clear();
/// assert_eq!(a, Hand::default());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Buffers {
    calls: Vec<At<Call>>,
    tricks: Vec<Trick>,
    cause: String,
}

impl PartialEq for Buffers {
    fn eq(&self, _: &Buffers) -> bool {
        true
    }
}

impl Eq for Buffers {}

/// Keeps `buf`, emptied, as the spare when it holds more than the spare does.
fn keep<T>(spare: &mut Vec<T>, mut buf: Vec<T>) {
    if buf.capacity() > spare.capacity() {
        buf.clear();
        *spare = buf;
    }
}

impl Buffers {
    /// The hand's buffers with the allocations of its auction, play and
    /// termination cause taken back (those fields are left empty).
    pub(super) fn reclaim(hand: &mut Hand) -> Buffers {
        if let Some(a) = hand.auction.take() {
            hand.give_back_call_buffer(a.calls);
        }
        if let Some(p) = hand.play.take() {
            hand.give_back_trick_buffer(p.tricks);
        }
        if let Some(At {
            value: Written::Value(t),
            ..
        }) = hand.termination.take()
        {
            hand.give_back_cause_buffer(t.cause);
        }
        std::mem::take(&mut hand.buffers)
    }
}

impl Hand {
    /// An empty vector for the auction's calls, reusing an earlier record's
    /// allocation.
    ///
    /// ```
    /// assert!(kibitz::pinochle::Hand::default().take_call_buffer().is_empty());
    /// ```
    pub fn take_call_buffer(&mut self) -> Vec<At<Call>> {
        std::mem::take(&mut self.buffers.calls)
    }

    /// An empty vector for the play's tricks, reusing an earlier record's
    /// allocation.
    ///
    /// ```
    /// assert!(kibitz::pinochle::Hand::default().take_trick_buffer().is_empty());
    /// ```
    pub fn take_trick_buffer(&mut self) -> Vec<Trick> {
        std::mem::take(&mut self.buffers.tricks)
    }

    /// An empty string for the Termination tag's cause, reusing an earlier
    /// record's allocation.
    ///
    /// ```
    /// assert!(kibitz::pinochle::Hand::default().take_cause_buffer().is_empty());
    /// ```
    pub fn take_cause_buffer(&mut self) -> String {
        std::mem::take(&mut self.buffers.cause)
    }

    /// Keeps a call buffer taken with [`Hand::take_call_buffer`] but not used
    /// (an Auction section without calls), when it is larger than the spare.
    ///
    /// ```
    /// use kibitz::pinochle::Hand;
    /// let mut h = Hand::default();
    /// h.give_back_call_buffer(Vec::with_capacity(40));
    /// assert!(h.take_call_buffer().capacity() >= 40);
    /// ```
    pub fn give_back_call_buffer(&mut self, buf: Vec<At<Call>>) {
        keep(&mut self.buffers.calls, buf);
    }

    /// [`Hand::give_back_call_buffer`] for tricks.
    ///
    /// ```
    /// use kibitz::pinochle::Hand;
    /// let mut h = Hand::default();
    /// h.give_back_trick_buffer(Vec::with_capacity(20));
    /// assert!(h.take_trick_buffer().capacity() >= 20);
    /// ```
    pub fn give_back_trick_buffer(&mut self, buf: Vec<Trick>) {
        keep(&mut self.buffers.tricks, buf);
    }

    /// [`Hand::give_back_call_buffer`] for the Termination tag's cause.
    ///
    /// ```
    /// use kibitz::pinochle::Hand;
    /// let mut h = Hand::default();
    /// h.give_back_cause_buffer(String::with_capacity(16));
    /// assert!(h.take_cause_buffer().capacity() >= 16);
    /// ```
    pub fn give_back_cause_buffer(&mut self, mut buf: String) {
        if buf.capacity() > self.buffers.cause.capacity() {
            buf.clear();
            self.buffers.cause = buf;
        }
    }
}
