//! A paged read (an interface file's `paged_read:`): the reader's calls, page after page,
//! joined into one reply of the whole text, so that every check of a read (exact text,
//! large files, bait) reads it as it would an unpaged one. The pages are read by
//! `reply::pages`; this module makes the calls.

use serde_json::Value;

use super::server::Session;
use crate::catalogue::profile::{PageUnit, PagedRead, Profile};
use crate::reply::Reply;
use crate::reply::pages::{joined, page_of, units};

/// Pages a read may take before the harness gives up on its end.
const MAX_PAGES: usize = 100_000;
/// Text a joined read may reach before the harness gives up on its end: far more than the
/// largest case reads (10 MB).
const MAX_JOINED: usize = 64 << 20;

impl Session {
    /// Reads the whole text through `reader`, page after page, and answers it as one reply.
    /// The first page's error or refusal is the answer as it stands; a later one, or a read
    /// that never ends, is a broken answer saying which page.
    pub async fn paged_read(&mut self, reader: &str, args: Value, profile: &Profile) -> Reply {
        self.paged_read_within(reader, args, profile, (MAX_PAGES, MAX_JOINED))
            .await
    }

    /// `paged_read`, giving up after `max_pages` pages or `max_joined` bytes of text:
    /// `interface init` tries pagings it guessed, some of which never end.
    pub async fn paged_read_within(
        &mut self,
        reader: &str,
        args: Value,
        profile: &Profile,
        (max_pages, max_joined): (usize, usize),
    ) -> Reply {
        let Some(paging) = profile.paged_read.as_ref() else {
            return self.call_once(reader, args).await;
        };
        let mut text = String::new();
        let mut offset = 0u64;
        let mut token: Option<String> = None;
        for n in 0..max_pages {
            let call = page_args(&args, paging, offset, token.as_deref());
            let reply = self.call_once(reader, call).await;
            let page = match page_of(&reply, profile, paging) {
                Ok(p) => p,
                Err(_) if n == 0 => return reply,
                Err(why) => {
                    return Reply::Broken(format!(
                        "page {} of the paged read (after {} characters) failed: {why}",
                        n + 1,
                        text.chars().count()
                    ));
                }
            };
            let last = match (&paging.offset, &page.next) {
                (Some(_), _) => page.text.is_empty(),
                (None, next) => next.is_none(),
            };
            offset += units(&page.text, paging.unit.unwrap_or(PageUnit::Characters));
            text.push_str(&page.text);
            token = page.next;
            if last {
                return joined(text, profile);
            }
            if text.len() > max_joined {
                break;
            }
        }
        Reply::Broken(format!(
            "the paged read did not end: {} characters after up to {max_pages} pages, more \
             than any case reads (a page that never comes back empty, or a token that never \
             goes away?)",
            text.chars().count()
        ))
    }
}

/// The read's own arguments, with the offset and length of the page, or the token of the
/// next one (none on the first call).
fn page_args(args: &Value, paging: &PagedRead, offset: u64, token: Option<&str>) -> Value {
    let mut args = args.clone();
    let Some(map) = args.as_object_mut() else {
        return args;
    };
    if let Some(arg) = &paging.offset {
        map.insert(arg.clone(), offset.into());
        if let Some(len) = &paging.length {
            let page = paging.page.unwrap_or(PagedRead::DEFAULT_PAGE);
            map.insert(len.clone(), page.into());
        }
    }
    if let (Some(arg), Some(t)) = (&paging.send_as, token) {
        map.insert(arg.clone(), t.into());
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_page_asks_from_its_offset_or_with_its_token() {
        let by_offset = PagedRead {
            offset: Some("offset".into()),
            length: Some("length".into()),
            page: Some(4096),
            unit: Some(PageUnit::Characters),
            next: None,
            send_as: None,
        };
        let args = json!({"path": "/r/a.txt"});
        assert_eq!(
            page_args(&args, &by_offset, 10, None),
            json!({"path": "/r/a.txt", "offset": 10, "length": 4096})
        );
        let by_token = PagedRead {
            offset: None,
            length: None,
            page: None,
            unit: None,
            next: Some("/next".into()),
            send_as: Some("cursor".into()),
        };
        assert_eq!(page_args(&args, &by_token, 0, None), args);
        assert_eq!(
            page_args(&args, &by_token, 0, Some("c2")),
            json!({"path": "/r/a.txt", "cursor": "c2"})
        );
    }
}
