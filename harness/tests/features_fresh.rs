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
    let cat = catalogue::load(&root.join("specs")).unwrap_or_else(|e| panic!("{e}"));
    let rendered = generate::render_all(&cat);
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
    let on_disk = |dir: &str, ext: &str| -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = std::fs::read_dir(root.join(dir))
            .map(|rd| {
                rd.filter_map(Result::ok)
                    .filter(|e| e.path().extension().is_some_and(|x| x == ext))
                    .map(|e| {
                        let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                        (e.file_name().to_string_lossy().into_owned(), text)
                    })
                    .collect()
            })
            .unwrap_or_default();
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
    let cat = catalogue::load_embedded().unwrap_or_else(|e| panic!("{e}"));
    let drift = generate::embedded_drift(&cat);
    assert!(drift.is_empty(), "\n{drift}\n");
}
