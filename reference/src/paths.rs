//! Path normalization (MCP-025 to MCP-028, CLR-013, CLR-014): client paths are POSIX paths relative to
//! the root; the result never leaves the root and is idempotent.
//!
//! Normalization is purely lexical. Symlinks are resolved later, by the sandbox, through
//! a capability handle on the root, so a link can never be used to escape.

use crate::errors::{Code, ToolError, ToolResult};

/// A normalized path inside the root: a list of plain segments (no `.`, `..` or empty
/// ones). The empty list is the root itself.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NormPath {
    segments: Vec<String>,
}

impl NormPath {
    /// The root directory.
    pub fn root() -> Self {
        NormPath {
            segments: Vec::new(),
        }
    }

    pub fn is_root(&self) -> bool {
        self.segments.is_empty()
    }

    pub fn segments(&self) -> &[String] {
        &self.segments
    }

    /// The form shown to clients: `/notes/a.md`, or `/` for the root.
    pub fn display(&self) -> String {
        if self.segments.is_empty() {
            "/".to_owned()
        } else {
            let mut s = String::new();
            for seg in &self.segments {
                s.push('/');
                s.push_str(seg);
            }
            s
        }
    }

    /// The form handed to the capability handle: `notes/a.md`, or `.` for the root.
    pub fn relative(&self) -> std::path::PathBuf {
        if self.segments.is_empty() {
            std::path::PathBuf::from(".")
        } else {
            self.segments.join("/").into()
        }
    }

    /// The parent directory and the last segment; `None` for the root.
    pub fn split_last(&self) -> Option<(NormPath, &str)> {
        let (last, rest) = self.segments.split_last()?;
        Some((
            NormPath {
                segments: rest.to_vec(),
            },
            last.as_str(),
        ))
    }

    /// Builds a path from segments that are already plain (used by the sandbox after
    /// resolving symlinks). Rejects anything that is not a plain segment.
    pub fn from_plain_segments(segments: Vec<String>) -> Option<Self> {
        if segments
            .iter()
            .all(|s| !s.is_empty() && s != "." && s != ".." && !s.contains('/'))
        {
            Some(NormPath { segments })
        } else {
            None
        }
    }
}

impl std::fmt::Display for NormPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.display())
    }
}

/// Longest path accepted (Linux PATH_MAX); longer ones are refused before any echo.
pub const MAX_PATH: usize = 4096;
/// Longest segment (Linux NAME_MAX).
pub const MAX_NAME: usize = 255;

/// At most `n` bytes of `s`, cut at a character boundary, for quoting in errors.
pub fn prefix(s: &str, n: usize) -> &str {
    if s.len() <= n {
        return s;
    }
    let mut cut = n;
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    &s[..cut]
}

/// `C:`, `c:foo`: a Windows drive prefix as the first segment.
fn is_drive_prefix(segment: &str) -> bool {
    let b = segment.as_bytes();
    b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// Characters that quote a path when a model copies one out of prose or code.
const QUOTES: [char; 3] = ['"', '\'', '`'];

/// A path argument that is something wrapped around a path rather than a path: a
/// `file:` URI, or a path with leading whitespace or a leading quote (CLR-036). Taken
/// literally, each names a tree of new directories (`file:`, ` notes`) that nobody meant.
/// Returns why, with the path the caller most likely meant.
pub fn mistaken_path(input: &str) -> Option<String> {
    if input
        .get(..5)
        .is_some_and(|s| s.eq_ignore_ascii_case("file:"))
    {
        let rest = &input[5..];
        let meant = match rest.strip_prefix("//") {
            // file://host/path: the path starts at the first slash after the host.
            Some(after) => after.find('/').map_or("/", |i| &after[i..]),
            None => rest,
        };
        return Some(format!(
            "it is a file: URI, not a path; this tool takes a plain path, so pass {meant:?} \
             (with any %-escapes decoded)"
        ));
    }
    if input.starts_with(char::is_whitespace) {
        return Some(format!(
            "it starts with whitespace, most likely by mistake; pass {:?}. A name that really \
             starts with a space is written after a directory, e.g. \"./ name\"",
            input.trim_start()
        ));
    }
    if input.starts_with(QUOTES) {
        return Some(format!(
            "it starts with a quote character, so the quotes would become part of the name; \
             pass the path without them, e.g. {:?}. A name that really starts with a quote is \
             written after a directory, e.g. \"./'name\"",
            input.trim_matches(|c: char| QUOTES.contains(&c) || c.is_whitespace())
        ));
    }
    None
}

/// Why a segment of the server's temp-file form (`temp_names`) is refused: listings hide such
/// files and the start-up sweep may remove them, so no client path may name one, in any
/// profile and any part of a path.
pub fn reserved_name(segment: &str) -> String {
    format!(
        "{segment:?} has the form of the server's temporary files ({}<hex digits>), which is \
         reserved in every part of a path; choose another name",
        crate::temp_names::TEMP_PREFIX
    )
}

/// Normalizes a path argument. `allow_empty` is for `list://` where the empty path means
/// the root; file and text tools reject it.
pub fn normalize(input: &str, allow_empty: bool) -> ToolResult<NormPath> {
    if input.is_empty() && !allow_empty {
        return Err(ToolError::new(
            Code::InvalidPath,
            "The path is empty. Pass a path inside the root such as \"/notes/a.md\".",
        ));
    }
    if input.len() <= MAX_PATH
        && let Some(why) = mistaken_path(input)
    {
        return Err(ToolError::new(
            Code::InvalidPath,
            format!("The path {input:?} was refused: {why}. Nothing was read or changed."),
        )
        .with("path", input));
    }
    if input.len() > MAX_PATH {
        return Err(ToolError::new(
            Code::InvalidPath,
            format!(
                "The path is {} bytes long; paths here are at most {MAX_PATH} bytes. It starts \
                 with {:?}. Pass a shorter path.",
                input.len(),
                prefix(input, 80)
            ),
        ));
    }
    if input.contains('\0') {
        return Err(ToolError::new(
            Code::InvalidPath,
            "The path contains a NUL byte, which no file name can contain. Pass a plain \
             POSIX path such as \"/notes/a.md\".",
        ));
    }
    if input.contains('\\') {
        return Err(ToolError::new(
            Code::InvalidPath,
            format!(
                "The path {input:?} contains a backslash. Only \"/\" separates segments here \
                 (Windows paths such as C:\\Users or \\\\server\\share are not accepted); use \
                 a POSIX path such as \"/notes/a.md\"."
            ),
        ));
    }
    if let Some(first) = input.split('/').find(|s| !s.is_empty())
        && is_drive_prefix(first)
    {
        return Err(ToolError::new(
            Code::InvalidPath,
            format!(
                "The path {input:?} starts with a drive letter ({first}). Paths are POSIX \
                 paths inside the root; drop the drive, e.g. \"/notes/a.md\"."
            ),
        ));
    }
    let mut segments: Vec<String> = Vec::new();
    for seg in input.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if segments.pop().is_none() {
                    return Err(ToolError::new(
                        Code::PathEscape,
                        format!(
                            "The path {input:?} climbs above the root with \"..\". Every path \
                             must stay inside the root; \"/\" is the top."
                        ),
                    ));
                }
            }
            s if s.len() > MAX_NAME => {
                return Err(ToolError::new(
                    Code::InvalidPath,
                    format!(
                        "A segment of the path is {} bytes long; names are at most {MAX_NAME} \
                         bytes. It starts with {:?}.",
                        s.len(),
                        prefix(s, 80)
                    ),
                ));
            }
            s if crate::temp_names::is_our_temp_name(s) => {
                return Err(ToolError::new(
                    Code::InvalidPath,
                    format!("{}.", reserved_name(s)),
                ));
            }
            s => segments.push(s.to_owned()),
        }
    }
    Ok(NormPath { segments })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn norm(s: &str) -> String {
        normalize(s, false).unwrap().display()
    }

    fn code(s: &str) -> Code {
        normalize(s, false).unwrap_err().code
    }

    #[test]
    fn examples_from_the_upstream() {
        assert_eq!(norm("/notes/a.md"), "/notes/a.md");
        assert_eq!(norm("notes/a.md"), "/notes/a.md");
        assert_eq!(norm("//notes//a.md"), "/notes/a.md");
        assert_eq!(norm("/notes/./a.md"), "/notes/a.md");
        assert_eq!(norm("/notes/../work/a.md"), "/work/a.md");
        assert_eq!(norm("/notes/a.md/"), "/notes/a.md");
        assert_eq!(norm("/"), "/");
        assert_eq!(norm("a/.."), "/");
        assert_eq!(code("/../etc/passwd"), Code::PathEscape);
        assert_eq!(code(".."), Code::PathEscape);
        assert_eq!(code("a/../../b"), Code::PathEscape);
        assert_eq!(code("C:\\Users\\file.txt"), Code::InvalidPath);
        assert_eq!(code("C:/Users/file.txt"), Code::InvalidPath);
        assert_eq!(code("/c:"), Code::InvalidPath);
        assert_eq!(code("\\\\server\\share"), Code::InvalidPath);
        assert_eq!(code("a\\b"), Code::InvalidPath);
        assert_eq!(code("a\0b"), Code::InvalidPath);
        assert_eq!(code(""), Code::InvalidPath);
        assert!(normalize("", true).unwrap().is_root());
    }

    #[test]
    fn uris_and_quoted_or_indented_paths_are_refused_with_the_meant_path() {
        for (input, meant) in [
            ("file:///notes/a.md", "\"/notes/a.md\""),
            ("FILE://localhost/notes/a.md", "\"/notes/a.md\""),
            ("file:notes", "\"notes\""),
            (" notes/a.md", "\"notes/a.md\""),
            ("\tnotes", "\"notes\""),
            ("\"notes/a.md\"", "\"notes/a.md\""),
            ("'notes/a.md'", "\"notes/a.md\""),
            ("`notes/a.md`", "\"notes/a.md\""),
        ] {
            let e = normalize(input, true).unwrap_err();
            assert_eq!(e.code, Code::InvalidPath, "{input:?}");
            assert!(e.message.contains(meant), "{input:?}: {}", e.message);
        }
        // The same names below a directory, and "file:" inside a name, are plain names.
        assert_eq!(norm("./ notes"), "/ notes");
        assert_eq!(norm("/'q'"), "/'q'");
        assert_eq!(norm("a/file:x"), "/a/file:x");
        assert_eq!(norm("files/a"), "/files/a");
    }

    #[test]
    fn temp_names_long_paths_and_long_names_are_refused_briefly() {
        for p in [
            ".mcp-tmp-0123456789abcdef0",
            "a/.mcp-tmp-0123456789abcdef0a/b",
        ] {
            assert_eq!(code(p), Code::InvalidPath, "{p}");
        }
        // Only the exact form is reserved: a user's own `.mcp-tmp-notes` stays usable.
        assert_eq!(norm("a/.mcp-tmp-notes"), "/a/.mcp-tmp-notes");
        assert_eq!(
            norm("a/.mcp-tmp-0123456789abcdef"),
            "/a/.mcp-tmp-0123456789abcdef"
        );
        let long = "a/".repeat(3000);
        let e = normalize(&long, false).unwrap_err();
        assert_eq!(e.code, Code::InvalidPath);
        assert!(e.message.len() < 400, "{}", e.message);
        let name = "é".repeat(200);
        let e = normalize(&name, false).unwrap_err();
        assert!(
            e.message.len() < 400 && e.message.contains("255"),
            "{}",
            e.message
        );
        assert_eq!(prefix("éé", 3), "é");
    }

    #[test]
    fn a_colon_later_in_the_name_is_fine() {
        assert_eq!(norm("/notes/c:d"), "/notes/c:d");
        assert_eq!(norm("/ab:c"), "/ab:c");
    }

    #[test]
    fn relative_and_split() {
        let p = normalize("/x/y/z", false).unwrap();
        assert_eq!(p.relative(), std::path::PathBuf::from("x/y/z"));
        let (parent, last) = p.split_last().unwrap();
        assert_eq!(parent.display(), "/x/y");
        assert_eq!(last, "z");
        assert_eq!(NormPath::root().relative(), std::path::PathBuf::from("."));
        assert!(NormPath::root().split_last().is_none());
    }

    fn segment() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("".to_owned()),
            Just(".".to_owned()),
            Just("..".to_owned()),
            "[a-z]{1,3}",
            "\\.[a-z]{1,2}",
        ]
    }

    proptest! {
        #[test]
        fn never_escapes_and_is_idempotent(segs in proptest::collection::vec(segment(), 0..8),
                                           lead in any::<bool>()) {
            let mut input = segs.join("/");
            if lead { input.insert(0, '/'); }
            match normalize(&input, true) {
                Ok(p) => {
                    for s in p.segments() {
                        prop_assert!(s != ".." && s != "." && !s.is_empty());
                    }
                    let again = normalize(&p.display(), true).unwrap();
                    prop_assert_eq!(&again, &p);
                    // depth accounting: never more `..` than segments before them
                    let mut depth: i64 = 0;
                    for s in input.split('/') {
                        match s { "" | "." => {}, ".." => depth -= 1, _ => depth += 1 }
                        prop_assert!(depth >= 0);
                    }
                }
                Err(e) => {
                    prop_assert_eq!(e.code, Code::PathEscape);
                    let mut depth: i64 = 0;
                    let mut went_negative = false;
                    for s in input.split('/') {
                        match s { "" | "." => {}, ".." => depth -= 1, _ => depth += 1 }
                        if depth < 0 { went_negative = true; break; }
                    }
                    prop_assert!(went_negative);
                }
            }
        }

        #[test]
        fn any_backslash_or_nul_is_invalid(a in "[a-z/]{0,5}", b in "[a-z/]{0,5}",
                                            bad in prop_oneof![Just('\\'), Just('\0')]) {
            let input = format!("{a}{bad}{b}");
            prop_assert_eq!(normalize(&input, true).unwrap_err().code, Code::InvalidPath);
        }
    }
}
