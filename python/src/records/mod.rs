//! Game models as the fields of record dicts, one module per game.

pub mod bridge;
pub mod pinochle;
pub mod preferans;
