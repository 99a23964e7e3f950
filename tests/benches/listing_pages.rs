//! Paging through a directory of 200,000 entries with `list://dir?cursor=...` (issue 21),
//! `cargo bench -p e2e-tests --bench listing_pages` (`LISTING_ENTRIES=N` for another size).
//!
//! Prints the wall time of reading every page twice: once with the directory's mtime
//! touched before each page, so that every page reads and sorts the whole directory again
//! (what every page cost before listings were cached), and once with the directory left
//! alone, so that the server reads it once and serves the other pages from its listing
//! cache. Both runs must yield every entry exactly once. A measurement, not a test.

#[path = "../tests/e2e/common.rs"]
mod common;
#[path = "../tests/e2e/raw.rs"]
mod raw;

use std::time::{Duration, Instant, SystemTime};

use serde_json::{Value, json};

/// Pages through `list://many` and returns the number of entries, the pages and the time;
/// `touch` runs before each page.
fn page_through(raw: &mut raw::Raw, touch: &dyn Fn()) -> (usize, usize, Duration) {
    let start = Instant::now();
    let (mut uri, mut entries, mut pages) = ("list://many".to_string(), 0, 0);
    loop {
        touch();
        let r = raw.request("resources/read", json!({"uri": uri}));
        let text = r["result"]["contents"][0]["text"]
            .as_str()
            .unwrap_or_else(|| panic!("{uri}: {r:.300}"));
        let body: Value = serde_json::from_str(text).unwrap();
        entries += body["entries"].as_array().map_or(0, Vec::len);
        pages += 1;
        match body["next"].as_str() {
            Some(next) => uri = next.to_string(),
            None => return (entries, pages, start.elapsed()),
        }
    }
}

fn main() {
    let n: usize = std::env::var("LISTING_ENTRIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000);
    let f = common::Fixture::new();
    let dir = f.root.join("many");
    std::fs::create_dir(&dir).unwrap();
    eprintln!("listing_pages: creating {n} files");
    for i in 0..n {
        std::fs::File::create(dir.join(format!("f-{i:06}.txt"))).unwrap();
    }
    // Let the directory settle (the cache keeps only listings of directories unchanged
    // for a second, see reference/src/sandbox/listing.rs).
    std::thread::sleep(Duration::from_millis(1100));
    let mut raw = raw::Raw::spawn(&f.root, &[]);
    raw.initialize();

    let handle = std::fs::File::open(&dir).unwrap();
    let touch = || {
        handle
            .set_times(std::fs::FileTimes::new().set_modified(SystemTime::now()))
            .unwrap();
    };
    let (seen_changing, pages, changing) = page_through(&mut raw, &touch);
    std::thread::sleep(Duration::from_millis(1100));
    let (seen_still, _, still) = page_through(&mut raw, &|| {});
    assert_eq!(seen_changing, n, "the re-read run lost entries");
    assert_eq!(seen_still, n, "the cached run lost entries");

    println!("| paging a directory of {n} entries ({pages} pages) | wall time |");
    println!("|---|---|");
    println!(
        "| re-read for every page (directory touched before each) | {:.2} s |",
        changing.as_secs_f64()
    );
    println!(
        "| read once, pages from the listing cache | {:.2} s |",
        still.as_secs_f64()
    );
}
