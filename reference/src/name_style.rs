//! How tool names are spelled on the wire (`--tool-names`): the interface's own dotted
//! names, or underscores for clients that reject dots in tool names. The rootspace profile
//! respells its tools by it; the other profiles' names need no respelling.

use clap::ValueEnum;

/// How this server spells its tools on the wire (`--tool-names`). One meaning: an option
/// of the reference, chosen by its operator. The harness's `ToolNames` is another: what the
/// harness believes of whatever server it tests, used to map catalogue names; the harness
/// forwards its value here when it runs the built-in reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum NameStyle {
    /// file.create, text.read, ... (the interface's own names)
    #[default]
    Dotted,
    /// file_create, text_read, ... (for clients that reject dots in tool names)
    Underscore,
}
