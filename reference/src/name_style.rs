//! How tool names are spelled on the wire (`--tool-names`): the interface's own dotted
//! names, or underscores for clients that reject dots in tool names. The rootspace profile
//! respells its tools by it; the other profiles' names need no respelling.

use clap::ValueEnum;

/// Tool naming style on the wire (`--tool-names`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum NameStyle {
    /// file.create, text.read, ... (the interface's own names)
    #[default]
    Dotted,
    /// file_create, text_read, ... (for clients that reject dots in tool names)
    Underscore,
}
