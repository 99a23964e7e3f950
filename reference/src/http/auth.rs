//! Bearer tokens and scopes for `--auth-tokens FILE` (MCP-051).
//!
//! The file has one token per line: `TOKEN SCOPE [SCOPE...]`, `#` starts a comment. Scopes
//! are `files:read` (text.read, listings, tools/list) and `files:write` (the mutations).
//! Tokens are compared in constant time (`subtle`) against every configured token, so the
//! time taken does not reveal a matching prefix, and they are never logged.

use std::path::Path;

use subtle::ConstantTimeEq;

pub const READ: &str = "files:read";
pub const WRITE: &str = "files:write";

/// What a token may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scopes {
    pub read: bool,
    pub write: bool,
}

impl Scopes {
    pub fn has(self, scope: &str) -> bool {
        match scope {
            READ => self.read,
            WRITE => self.write,
            _ => false,
        }
    }

    pub fn describe(self) -> String {
        let mut v = Vec::new();
        if self.read {
            v.push(READ);
        }
        if self.write {
            v.push(WRITE);
        }
        if v.is_empty() {
            "no scope".into()
        } else {
            v.join(" ")
        }
    }
}

/// A configured token that was presented: its place in the file (what sessions are bound
/// to, never the token itself) and its scopes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Principal {
    pub token: usize,
    pub scopes: Scopes,
}

/// The configured tokens.
pub struct Tokens {
    entries: Vec<(Vec<u8>, Scopes)>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the tokens themselves.
        write!(f, "Tokens({} configured)", self.entries.len())
    }
}

impl Tokens {
    /// Reads the token file; the error is one line naming the file and the line.
    pub fn load(path: &Path) -> Result<Tokens, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read the auth token file {:?}: {e}", path.display()))?;
        Tokens::parse(&text).map_err(|e| format!("auth token file {:?}: {e}", path.display()))
    }

    pub fn parse(text: &str) -> Result<Tokens, String> {
        let mut entries = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut parts = line.split_whitespace();
            let token = parts.next().unwrap_or_default();
            let mut scopes = Scopes {
                read: false,
                write: false,
            };
            for s in parts {
                match s {
                    READ => scopes.read = true,
                    WRITE => scopes.write = true,
                    other => {
                        return Err(format!(
                            "line {}: unknown scope {other:?} (use {READ} and/or {WRITE})",
                            n + 1
                        ));
                    }
                }
            }
            if !scopes.read && !scopes.write {
                return Err(format!(
                    "line {}: a token needs at least one scope ({READ}, {WRITE})",
                    n + 1
                ));
            }
            entries.push((token.as_bytes().to_vec(), scopes));
        }
        if entries.is_empty() {
            return Err("no tokens (one per line: TOKEN files:read [files:write])".into());
        }
        Ok(Tokens { entries })
    }

    /// The scopes of `presented`, if it is a configured token. Every entry is compared,
    /// each in constant time, so neither which entry matched nor how much of it did shows
    /// in the timing.
    pub fn check(&self, presented: &[u8]) -> Option<Scopes> {
        self.principal(presented).map(|p| p.scopes)
    }

    /// Who `presented` is (which configured token, and its scopes), compared as `check`.
    pub fn principal(&self, presented: &[u8]) -> Option<Principal> {
        let mut found = None;
        for (index, (token, scopes)) in self.entries.iter().enumerate() {
            if bool::from(token.as_slice().ct_eq(presented)) {
                found = Some(Principal {
                    token: index,
                    scopes: *scopes,
                });
            }
        }
        found
    }
}

/// The bearer token of an `Authorization` header value, if it is one.
pub fn bearer(value: &[u8]) -> Option<&[u8]> {
    let (scheme, rest) = value.split_at(value.iter().position(|&b| b == b' ')?);
    if !scheme.eq_ignore_ascii_case(b"bearer") {
        return None;
    }
    let token = rest.trim_ascii();
    (!token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_scopes() {
        let t =
            Tokens::parse("# comment\nreader files:read\nwriter files:read files:write\n").unwrap();
        assert_eq!(
            t.check(b"reader"),
            Some(Scopes {
                read: true,
                write: false
            })
        );
        assert!(t.check(b"writer").unwrap().has(WRITE));
        assert_eq!(t.check(b"read"), None);
        assert_eq!(t.check(b""), None);
        assert!(format!("{t:?}").contains("2 configured"));
        assert!(!format!("{t:?}").contains("reader"));
        assert!(
            Tokens::parse("x files:admin")
                .unwrap_err()
                .contains("line 1")
        );
        assert!(
            Tokens::parse("x")
                .unwrap_err()
                .contains("at least one scope")
        );
        assert!(Tokens::parse("\n#\n").is_err());
    }

    #[test]
    fn bearer_header() {
        assert_eq!(bearer(b"Bearer abc"), Some(&b"abc"[..]));
        assert_eq!(bearer(b"bearer  abc "), Some(&b"abc"[..]));
        assert_eq!(bearer(b"Basic abc"), None);
        assert_eq!(bearer(b"Bearer "), None);
        assert_eq!(bearer(b"Bearer"), None);
    }
}
