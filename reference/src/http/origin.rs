//! `Origin` validation against DNS rebinding: a browser page on another site must not
//! reach a local server. Requests without `Origin` (non-browser clients) pass; loopback
//! origins pass; anything else must be listed with `--allow-origin`.

/// Whether `origin` (the header's value) is admitted.
pub fn allowed(origin: &str, extra: &[String]) -> bool {
    let origin = origin.trim();
    if extra
        .iter()
        .any(|o| o.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let Ok(uri) = origin.parse::<http::Uri>() else {
        return false;
    };
    let scheme_ok = matches!(uri.scheme_str(), Some("http" | "https"));
    let host = uri.host().unwrap_or("").trim_matches(['[', ']']);
    scheme_ok && is_loopback_host(host) && uri.path_and_query().is_none_or(|p| p == "/")
}

/// `localhost`, `127.x.y.z` or `::1`.
pub fn is_loopback_host(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins() {
        assert!(allowed("http://localhost:3000", &[]));
        assert!(allowed("http://127.0.0.1", &[]));
        assert!(allowed("http://[::1]:8080", &[]));
        assert!(!allowed("http://evil.example", &[]));
        assert!(!allowed("http://localhost.evil.example", &[]));
        assert!(!allowed("null", &[]));
        assert!(!allowed("file://localhost", &[]));
        assert!(allowed(
            "https://app.example",
            &["https://app.example/".to_string()]
        ));
    }
}
