//! Build script: lists `specs/<profile>/*.yaml` and `features/<profile>/*.feature` and
//! writes `include_str!`
//! tables into OUT_DIR, so the installed binary carries the catalogue and the features.

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    // In the repository, harness/specs and harness/features are symlinks to the workspace's
    // folders, which are read directly (so that rerun-if-changed watches the real files);
    // in the crate published to crates.io, `cargo package` has copied them in.
    let packaged = fs::symlink_metadata(manifest.join("specs")).is_ok_and(|m| m.is_dir());
    let workspace = if packaged {
        manifest.as_path()
    } else {
        manifest
            .parent()
            .expect("harness lives inside the workspace")
    };
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    table(
        &workspace.join("specs"),
        "yaml",
        "SPECS",
        &out.join("embedded_specs.rs"),
    );
    table(
        &workspace.join("features"),
        "feature",
        "FEATURES",
        &out.join("embedded_features.rs"),
    );
}

/// Writes `pub static NAME: &[(&str, &str)]` of (path relative to `dir`, contents) for the
/// files one folder down (`<profile>/<file>`), sorted by path.
fn table(dir: &Path, ext: &str, name: &str, out: &Path) {
    // A directory given to rerun-if-changed is scanned recursively, so added and removed
    // files trigger a rebuild too.
    println!("cargo:rerun-if-changed={}", dir.display());
    let list = |d: &Path| -> Vec<PathBuf> {
        fs::read_dir(d)
            .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default()
    };
    let mut files: Vec<PathBuf> = list(dir)
        .into_iter()
        .filter(|p| p.is_dir())
        .flat_map(|d| list(&d))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    let mut src = format!(
        "/// (path relative to the folder, contents), sorted by path.\npub static {name}: &[(&str, &str)] = &[\n"
    );
    for f in &files {
        let rel = f.strip_prefix(dir).expect("listed below dir");
        println!("cargo:rerun-if-changed={}", f.display());
        src.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            rel.to_string_lossy(),
            f.display().to_string()
        ));
    }
    src.push_str("];\n");
    fs::write(out, src).expect("OUT_DIR is writable");
}
