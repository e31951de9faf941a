//! Generator of legal preferans games (placeholder while the rules are written).
