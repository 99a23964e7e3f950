//! Paged reads (`PagedRead`, an interface file's `paged_read:`): what one page of a read
//! says (its text, and the token of the next page) and the whole text, joined, as one
//! result the checks read like an unpaged one. The session makes the calls; this module
//! only reads them.

use serde_json::{Map, Value, json};

use super::Reply;
use super::result::profile_success;
use crate::catalogue::pointer;
use crate::catalogue::profile::{PageUnit, PagedRead, Profile};

/// One page: its text, and the token that asks for the next one (`None`: the last page).
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub text: String,
    pub next: Option<String>,
}

/// The page a reply holds, read as the profile reads a read's result; `Err` says why it is
/// no page (a refusal or an error is the read's answer as it stands).
pub fn page_of(reply: &Reply, profile: &Profile, paging: &PagedRead) -> Result<Page, String> {
    let obj = profile_success(reply, profile)?;
    let field = profile.reader_field();
    let text = match obj.get(field) {
        Some(Value::String(s)) => s.clone(),
        other => {
            return Err(format!(
                "a page of the paged read has no text in `{field}`: {}",
                other.map_or("absent".into(), Value::to_string)
            ));
        }
    };
    let next = paging.next.as_deref().and_then(|p| token_at(&obj, p));
    Ok(Page { text, next })
}

/// The token at `pointer` in the result object: a non-empty string, or a number.
fn token_at(obj: &Map<String, Value>, at: &str) -> Option<String> {
    match pointer::values_at(&Value::Object(obj.clone()), at)[..] {
        [Value::String(s)] if !s.is_empty() => Some(s.clone()),
        [Value::Number(n)] => Some(n.to_string()),
        _ => None,
    }
}

/// How far a page moves an offset counted in `unit`.
pub fn units(text: &str, unit: PageUnit) -> u64 {
    let n = match unit {
        PageUnit::Characters => text.chars().count(),
        PageUnit::Bytes => text.len(),
        PageUnit::Lines => text.split_inclusive('\n').count(),
    };
    n as u64
}

/// The whole text as one result, read back by `profile_success` as the text itself: a text
/// block, and structuredContent with the text at the reader's field.
pub fn joined(text: String, profile: &Profile) -> Reply {
    let field = profile.reader_field();
    Reply::Ok(json!({
        "content": [{"type": "text", "text": text.clone()}],
        "structuredContent": {field: text},
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(reader_field: Option<&str>, text_result: Option<&str>) -> Profile {
        Profile {
            reader_field: reader_field.map(str::to_string),
            text_result: text_result.map(str::to_string),
            ..Profile::default()
        }
    }

    fn by_token() -> PagedRead {
        PagedRead {
            offset: None,
            length: None,
            page: None,
            unit: None,
            next: Some("/next_cursor".into()),
            send_as: Some("cursor".into()),
        }
    }

    #[test]
    fn a_page_gives_its_text_and_the_next_token() {
        let p = profile(Some("text"), None);
        let reply = Reply::Ok(json!({"structuredContent": {"text": "ab", "next_cursor": "c2"}}));
        let page = page_of(&reply, &p, &by_token()).unwrap();
        assert_eq!(
            page,
            Page {
                text: "ab".into(),
                next: Some("c2".into())
            }
        );
        let last = Reply::Ok(json!({"structuredContent": {"text": "cd", "next_cursor": null}}));
        assert_eq!(page_of(&last, &p, &by_token()).unwrap().next, None);
        let refused =
            Reply::Ok(json!({"isError": true, "content": [{"type": "text", "text": "no"}]}));
        assert!(page_of(&refused, &p, &by_token()).is_err());
    }

    #[test]
    fn the_joined_text_reads_back_as_an_unpaged_read() {
        for p in [
            profile(None, None),
            profile(Some("data"), None),
            profile(None, Some("content")),
            profile(Some("/*/ranges/0/content"), None),
        ] {
            let whole = "one\r\ntwö\n{\"json\": 1}";
            let obj = profile_success(&joined(whole.into(), &p), &p).unwrap();
            assert_eq!(obj[p.reader_field()], whole, "{p:?}");
        }
    }

    #[test]
    fn an_offset_moves_by_the_page_in_its_unit() {
        assert_eq!(units("héllo\n", PageUnit::Characters), 6);
        assert_eq!(units("héllo\n", PageUnit::Bytes), 7);
        assert_eq!(units("a\nb\nc", PageUnit::Lines), 3);
        assert_eq!(units("", PageUnit::Lines), 0);
    }
}
