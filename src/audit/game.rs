//! The rules entry of every game, as the audit loop calls it.

use crate::bridge::{self, Board};
use crate::pinochle;
use crate::{Finding, Game};

/// A game's rules: check one decoded record, keeping what later records need
/// (the other table of a board, the running score of a game) in a context.
pub trait GameRules {
    /// The game's model of one record.
    type Model: Default;
    /// What the rules keep from record to record of one input (bounded).
    type Context;
    /// The game.
    const GAME: Game;
    /// A fresh context, at the start of an input.
    fn context(&self) -> Self::Context;
    /// Checks `model`, appending findings to `out`. A finding about an earlier
    /// record (a late one) names that record's index.
    fn check(&self, model: &Self::Model, ctx: &mut Self::Context, out: &mut Vec<Finding>);
    /// Ends the input: appends what only its end decides (each finding
    /// names its record). By default nothing.
    fn finish(&self, _ctx: &mut Self::Context, _out: &mut Vec<Finding>) {}
}

/// The bridge rules ([`bridge::check`]).
///
/// ```
/// use kibitz::audit::{BridgeRules, GameRules};
/// use kibitz::bridge::{Board, Context};
/// let mut out = Vec::new();
/// BridgeRules.check(&Board::default(), &mut Context::default(), &mut out);
/// assert!(out.is_empty());
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct BridgeRules;

impl GameRules for BridgeRules {
    type Model = Board;
    type Context = bridge::Context;
    const GAME: Game = Game::Bridge;
    fn context(&self) -> bridge::Context {
        bridge::Context::default()
    }
    fn check(&self, board: &Board, ctx: &mut bridge::Context, out: &mut Vec<Finding>) {
        bridge::check(board, ctx, out);
    }
    fn finish(&self, ctx: &mut bridge::Context, out: &mut Vec<Finding>) {
        ctx.finish(out);
    }
}

/// The pinochle rules ([`pinochle::Checker`]) under their options.
///
/// ```
/// use kibitz::audit::{GameRules, PinochleRules};
/// use kibitz::pinochle::{Hand, Options};
/// let rules = PinochleRules(Options::default());
/// let mut out = Vec::new();
/// rules.check(&Hand::default(), &mut rules.context(), &mut out);
/// assert!(out.is_empty());
/// ```
#[derive(Clone, Debug, Default)]
pub struct PinochleRules(pub pinochle::Options);

impl GameRules for PinochleRules {
    type Model = pinochle::Hand;
    type Context = pinochle::Checker;
    const GAME: Game = Game::Pinochle;
    fn context(&self) -> pinochle::Checker {
        pinochle::Checker::new(self.0)
    }
    fn check(&self, hand: &pinochle::Hand, ctx: &mut pinochle::Checker, out: &mut Vec<Finding>) {
        ctx.check(hand, &mut |fault, pos| out.push(fault.finding(pos)));
    }
}
