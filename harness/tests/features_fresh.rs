//! `features/` must be exactly what `specs/` renders to; when it is not, the failure says
//! which files differ and the command that regenerates them.

use std::path::{Path, PathBuf};

use mcp_harness::{catalogue, generate};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("harness/ sits in the workspace")
        .to_path_buf()
}

#[test]
fn features_are_fresh() {
    let root = workspace();
    let cats = catalogue::load_all(&root.join("specs")).unwrap_or_else(|e| panic!("{e}"));
    let rendered = generate::render_all(&cats);
    let existing =
        generate::read_features(&root.join("features")).unwrap_or_else(|e| panic!("{e}"));
    let drift = generate::drift(&rendered, &existing);
    assert!(
        drift.is_empty(),
        "\n{drift}\n(then commit specs/ and features/ together)\n"
    );
}

#[test]
fn binary_embeds_the_same_files() {
    // The installed binary runs the embedded copies; they must be the files on disk.
    let root = workspace();
    // `<profile>/<file>` for the files one folder down, as build.rs embeds them.
    let on_disk = |dir: &str, ext: &str| -> Vec<(String, String)> {
        let top = root.join(dir);
        let mut v = Vec::new();
        for profile in std::fs::read_dir(&top)
            .expect("readable")
            .filter_map(Result::ok)
        {
            if !profile.path().is_dir() {
                continue;
            }
            for e in std::fs::read_dir(profile.path())
                .expect("readable")
                .filter_map(Result::ok)
            {
                if e.path().extension().is_some_and(|x| x == ext) {
                    let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                    let rel = e
                        .path()
                        .strip_prefix(&top)
                        .expect("below")
                        .to_string_lossy()
                        .into_owned();
                    v.push((rel, text));
                }
            }
        }
        v.sort();
        v
    };
    let embedded = |t: &[(&str, &str)]| -> Vec<(String, String)> {
        t.iter()
            .map(|(n, s)| (n.to_string(), s.to_string()))
            .collect()
    };
    assert_eq!(
        embedded(catalogue::embedded::SPECS),
        on_disk("specs", "yaml"),
        "specs/ changed since the build; rebuild"
    );
    assert_eq!(
        embedded(generate::embedded_features()),
        on_disk("features", "feature"),
        "features/ changed since the build; rebuild"
    );
    let cats = catalogue::load_embedded_all().unwrap_or_else(|e| panic!("{e}"));
    let drift = generate::embedded_drift(&cats);
    assert!(drift.is_empty(), "\n{drift}\n");
}
