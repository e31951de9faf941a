//! The rules entry of every game, as the audit loop calls it.

use crate::bridge::{self, Board};
use crate::{Finding, Game};

/// A game's rules: check one decoded record, keeping what later records need
/// (the other table of a board, the running score of a game) in a context.
pub trait GameRules {
    /// The game's model of one record.
    type Model: Default;
    /// What the rules keep from record to record of one input (bounded).
    type Context: Default;
    /// The game.
    const GAME: Game;
    /// Checks `model`, appending findings to `out`. A finding about an earlier
    /// record (a late one) names that record's index.
    fn check(&self, model: &Self::Model, ctx: &mut Self::Context, out: &mut Vec<Finding>);
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
    fn check(&self, board: &Board, ctx: &mut bridge::Context, out: &mut Vec<Finding>) {
        bridge::check(board, ctx, out);
    }
}
