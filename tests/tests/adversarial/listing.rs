//! A directory of 20,000 entries: `list://` answers in pages of 1,000 with a `next` URI,
//! every page reply stays small, and following `next` yields every entry exactly once, in
//! listing order (CLR-032).

use std::time::Instant;

use serde_json::{Value, json};

use crate::common::*;
use crate::raw::Raw;

const ENTRIES: usize = 20_000;

#[test]
fn big_directories_are_listed_in_pages() {
    let f = Fixture::new();
    let dir = f.root.join("many");
    std::fs::create_dir(&dir).unwrap();
    for i in 0..ENTRIES {
        // Some names need %-escaping in a cursor; a few directories sort first.
        let name = if i % 1000 == 0 {
            format!("d {i:05}?&%")
        } else {
            format!("f-{i:05} #.txt")
        };
        if i % 1000 == 0 {
            std::fs::create_dir(dir.join(&name)).unwrap();
        } else {
            std::fs::write(dir.join(&name), "").unwrap();
        }
    }
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    let start = Instant::now();
    let (mut uri, mut names, mut pages, mut biggest) = (
        "list://many".to_string(),
        Vec::<(String, String)>::new(),
        0,
        0,
    );
    loop {
        let r = raw.request("resources/read", json!({"uri": uri}));
        let text = r["result"]["contents"][0]["text"]
            .as_str()
            .unwrap_or_else(|| panic!("{uri}: {r:.300}"))
            .to_string();
        biggest = biggest.max(text.len());
        let body: Value = serde_json::from_str(&text).unwrap();
        let page = body["entries"].as_array().unwrap();
        assert!(page.len() <= 1000, "a page of {} entries", page.len());
        names.extend(page.iter().map(|e| {
            (
                e["type"].as_str().unwrap().to_string(),
                e["name"].as_str().unwrap().to_string(),
            )
        }));
        pages += 1;
        match body["next"].as_str() {
            Some(next) => uri = next.to_string(),
            None => break,
        }
        assert!(pages <= ENTRIES / 1000 + 1, "the pages do not end");
    }
    assert_eq!(names.len(), ENTRIES, "every entry exactly once");
    let mut sorted = names.clone();
    sorted.sort_by(|a, b| {
        (a.0 != "directory", a.1.as_bytes()).cmp(&(b.0 != "directory", b.1.as_bytes()))
    });
    assert_eq!(names, sorted, "pages follow the listing order");
    sorted.dedup();
    assert_eq!(sorted.len(), ENTRIES);
    eprintln!(
        "listing: {ENTRIES} entries in {pages} pages, largest page reply {} KiB, {:.2} s",
        biggest / 1024,
        start.elapsed().as_secs_f64()
    );
}
