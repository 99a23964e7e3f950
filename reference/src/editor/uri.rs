//! `file://` URIs (FILE-URI): the scheme `file`, an empty authority (or
//! `localhost`), an absolute path, percent-encoded. The decoded path must lie inside the
//! root, compared component by component (the shared `host_roots`), so
//! `<root>_evil/x` and `<root>/../x` are outside. A relative or non-`file` URI is invalid
//! params (-32602), as the seed's error table says; so is one outside the root.

use percent_encoding::percent_decode_str;

use super::errors::{EdCode, EdError};
use crate::host_roots::{self, HostRoots, PathRefusal};
use crate::paths::NormPath;

fn invalid(uri: &str, why: &str) -> EdError {
    EdError::new(
        EdCode::InvalidUri,
        format!(
            "Invalid URI {uri:?}: {why}. Pass a file URI with an absolute, percent-encoded \
             path inside the served directory, e.g. \"file:///home/me/project/src/main.rs\"."
        ),
    )
    .with("uri", uri)
}

/// The file a URI names, relative to the root.
pub fn resolve(uri: &str, roots: &HostRoots) -> Result<NormPath, EdError> {
    let Some(scheme_end) = uri.find(':') else {
        return Err(invalid(
            uri,
            "it has no scheme (a relative path is not a URI)",
        ));
    };
    if !uri[..scheme_end].eq_ignore_ascii_case("file") {
        return Err(invalid(uri, "only the file: scheme is served"));
    }
    let Some(rest) = uri[scheme_end + 1..].strip_prefix("//") else {
        return Err(invalid(
            uri,
            "a file URI starts with file:// and an absolute path",
        ));
    };
    let slash = rest.find('/').unwrap_or(rest.len());
    let authority = &rest[..slash];
    if !(authority.is_empty() || authority.eq_ignore_ascii_case("localhost")) {
        return Err(invalid(uri, "only local files are served (no host name)"));
    }
    let path = &rest[slash..];
    if path.is_empty() {
        return Err(invalid(uri, "it has no path"));
    }
    if path.contains(['?', '#']) {
        return Err(invalid(
            uri,
            "a file URI has no query or fragment (percent-encode ? as %3F and # as %23)",
        ));
    }
    let decoded = percent_decode_str(path)
        .decode_utf8()
        .map_err(|_| invalid(uri, "its percent-encoded path is not UTF-8"))?;
    host_roots::resolve(&decoded, roots).map_err(|refusal| match refusal {
        PathRefusal::Outside => EdError::new(
            EdCode::OutsideRoot,
            format!(
                "Access denied: {uri} is outside the directory this server serves; nothing \
                 was read or changed. Use a file:// URI of a file inside it."
            ),
        )
        .with("uri", uri),
        PathRefusal::Invalid(why) => invalid(
            uri,
            PathRefusal::invalid_sentence(&decoded, &why).trim_end_matches('.'),
        ),
    })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn roots() -> HostRoots {
        HostRoots {
            canonical: PathBuf::from("/srv/proj"),
            given: None,
        }
    }

    fn ok(u: &str) -> String {
        resolve(u, &roots()).unwrap().display()
    }

    fn code(u: &str) -> EdCode {
        resolve(u, &roots()).unwrap_err().code
    }

    #[test]
    fn file_uris_inside_the_root() {
        assert_eq!(ok("file:///srv/proj/a.txt"), "/a.txt");
        assert_eq!(ok("file://localhost/srv/proj/src/m.rs"), "/src/m.rs");
        assert_eq!(ok("FILE:///srv/proj/a%20b.txt"), "/a b.txt");
        assert_eq!(ok("file:///srv/proj/caf%C3%A9.md"), "/café.md");
        assert_eq!(ok("file:///srv/proj/x/../y"), "/y");
    }

    #[test]
    fn outside_the_root_is_refused() {
        for u in [
            "file:///etc/passwd",
            "file:///srv/proj_evil/secret",
            "file:///srv/proj/../proj_evil/secret",
            "file:///srv/proj/%2E%2E/proj_evil/secret",
            "file:///srv",
        ] {
            assert_eq!(code(u), EdCode::OutsideRoot, "{u}");
        }
    }

    #[test]
    fn relative_and_foreign_uris_are_invalid() {
        for u in [
            "a.txt",
            "/srv/proj/a.txt",
            "http://example.com/srv/proj/a.txt",
            "file:srv/proj/a.txt",
            "file://example.com/srv/proj/a.txt",
            "file://",
            "file:///srv/proj/a.txt?x=1",
            "file:///srv/proj/%FF.txt",
            "file:///srv/proj/a%00b",
            "",
        ] {
            assert_eq!(code(u), EdCode::InvalidUri, "{u}");
            assert_eq!(resolve(u, &roots()).unwrap_err().code.rpc(), -32602);
        }
    }
}
