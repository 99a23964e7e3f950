//! `mcp-harness run --interface FILE` end to end against the built-in reference: an
//! interface file equal to a profile's `operations` passes every shared case the server
//! offers the operations for, whatever the path spelling (absolute, relative, `file://`)
//! and result shape (plain text, `{ok, data}`, `{success, data}`); the cases of absent
//! operations are skipped, never passed; a malformed file stops the run naming its line.

use std::path::PathBuf;
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_mcp-harness");

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/interfaces")
        .join(name)
        .display()
        .to_string()
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(EXE)
        .args(args)
        .output()
        .expect("the harness runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The interface file `name` against the reference serving `profile`.
fn run_interface(name: &str, profile: &str) -> (i32, String, String) {
    let server = format!("{EXE} serve-reference --profile {profile} {{root}}");
    run(&["run", "--interface", &example(name), "--server", &server])
}

/// The figure before `what` on the totals line (`29 passed`).
fn count(out: &str, what: &str) -> usize {
    let line = out
        .lines()
        .find(|l| l.contains(" scenarios in ") || l.contains(" scenario in "))
        .unwrap_or("");
    line.split([',', ':', '('])
        .find_map(|part| part.trim().strip_suffix(what)?.trim().parse().ok())
        .unwrap_or(0)
}

#[test]
fn the_filesystem_mapping_passes_against_the_reference() {
    let (code, out, err) = run_interface("reference-filesystem.yaml", "filesystem");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("Interface reference-filesystem"), "{out}");
    assert_eq!(count(&out, "failed"), 0, "{out}");
    // Every shared case that needs no delete runs and passes (the casefold cases need a
    // root that folds case, as with any profile).
    assert!(count(&out, "passed") >= 29, "{out}");
    // The delete cases (CTRL-001..002, MISS-004 and SAFE-020 among them) are skipped for
    // the reason the file gives, and counted as skipped.
    assert_eq!(count(&out, "operation absent"), 13, "{out}");
    // The choice of a text found twice not declared: refused, the others left out.
    assert!(
        out.contains("SKIP 2 cases (reference-filesystem/EDIT-018, reference-filesystem/EDIT-019): the interface file declares no `repeated_edits:`"),
        "{out}"
    );
    assert!(
        !out.contains("NOT TESTED"),
        "every refusal has its control: {out}"
    );
    assert!(
        out.contains(
            "SKIP 13 cases (reference-filesystem/CTRL-001, reference-filesystem/CTRL-002, \
             reference-filesystem/MARK-004, reference-filesystem/MARK-005, \
             reference-filesystem/MISS-004, reference-filesystem/RACE-006"
        ),
        "{out}"
    );
    // The declared mark of failures is checked on a failure of each mapped operation.
    assert!(
        out.lines().any(|l| l.contains("UNIVERSAL-CLR-07")
            && l.contains("6 passed")
            && l.contains("2 skipped")),
        "{out}"
    );
    // The tools the file maps are named, and the reference's others said untested; its
    // search takes a glob of its own, its tree only patterns that leave files out.
    assert!(
        out.contains("Coverage: confinement holds for the 6 mapped tools (")
            && out.contains("`search_files` was not tested and matches a glob of its own; ")
            && out.contains("`directory_tree`, ")
            && !out.contains("`directory_tree` was not tested and"),
        "{out}"
    );
    // MISS-004, a case of the choice error-names-path, is counted under its clarification.
    assert!(!out.contains("UNIVERSAL-ERROR-NAMES-PATH"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.contains("UNIVERSAL-CLR-06") && l.contains("1 skipped")),
        "{out}"
    );
}

#[test]
fn other_spellings_and_result_shapes_are_read() {
    for (file, profile, passed, own_limit) in [
        // Relative paths, results in an {ok, data} envelope. Its reads stop at 500 KB
        // (3_MCP-TAS-079-SIZE), so the universal 10 MB read (large-files) fails here; the
        // devs profile skips that check in its profile.yaml, an interface file cannot.
        ("reference-devs.yaml", "devs", 29, Some("ROUND-015")),
        // Relative paths, {success, data: {content}} and success: false refusals.
        ("reference-lighthouse.yaml", "lighthouse", 31, None),
        // file:// URIs under the root.
        ("reference-editor.yaml", "editor", 20, None),
    ] {
        // The reference refuses a link with an absolute target on these interfaces, even
        // one naming a place inside the root (DV-CLR-07, LH-CLR-12, ED-CLR-12): the
        // universal check `symlinks-absolute-inside` is a choice (UNIVERSAL-CLR-02), so its
        // case fails as a clarification, and a baseline sets it (and nothing else but the
        // interface's own limit) aside.
        let dir = tempfile::tempdir().unwrap();
        let baseline = dir.path().join("expect-fail.txt");
        let iface = file.trim_end_matches(".yaml");
        let mut expected = vec![format!("{iface}/LINK-008")];
        expected.extend(own_limit.map(|id| format!("{iface}/{id}")));
        std::fs::write(&baseline, expected.join("\n") + "\n").unwrap();
        let server = format!("{EXE} serve-reference --profile {profile} {{root}}");
        let (code, out, err) = run(&[
            "run",
            "--interface",
            &example(file),
            "--server",
            &server,
            "--expect-fail",
            &baseline.display().to_string(),
        ]);
        assert_eq!(code, 0, "{file}\n{out}\n{err}");
        assert_eq!(count(&out, "failed"), 0, "{file}\n{out}");
        assert_eq!(
            count(&out, "expected by the baseline"),
            expected.len(),
            "{file}\n{out}"
        );
        assert!(count(&out, "passed") >= passed, "{file}\n{out}");
    }
}

#[test]
fn a_malformed_file_stops_the_run_naming_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.yaml");
    let text = std::fs::read_to_string(example("reference-devs.yaml"))
        .unwrap()
        .replace(
            "{action: list, path: \"{path}\"}",
            "{action: list, dir: \"{folder}\"}",
        );
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = run(&[
        "run",
        "--interface",
        &path.display().to_string(),
        "--server",
        EXE,
    ]);
    assert_eq!(code, 2, "{out}\n{err}");
    let line = format!(
        "{}:14: operation `list`: `{{folder}}` is not a parameter",
        path.display()
    );
    assert!(err.contains(&line), "{err}");
    assert!(err.contains("interface init"), "{err}");
    assert!(!out.contains("scenarios in"), "no case runs: {out}");
}

#[test]
fn an_interface_file_excludes_a_profile() {
    let (code, _, err) = run(&[
        "run",
        "--interface",
        &example("reference-devs.yaml"),
        "--profile",
        "devs",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn interface_init_writes_a_starter_that_runs() {
    let dir = tempfile::tempdir().unwrap();
    let starter = dir.path().join("starter.yaml");
    let server = format!("{EXE} serve-reference --profile filesystem {{root}}");
    let (code, out, err) = run(&[
        "interface",
        "init",
        "--server",
        &server,
        "--output",
        &starter.display().to_string(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    let text = std::fs::read_to_string(&starter).unwrap();
    assert!(
        text.contains("#   move_file {destination*, source*}"),
        "{text}"
    );
    assert!(text.contains("      source: \"${root}/{path}\""), "{text}");
    // The read was verified: read_file answers in plain text blocks, so `text_result`
    // stands under what was seen; a missing file was refused with `isError: true`.
    assert!(
        text.contains(
            "# Seen: read_file returned the probe file's text as plain text blocks.\n\
             text_result: content\n"
        ),
        "{text}"
    );
    assert!(text.contains("refused with `isError: true`"), "{text}");
    // The CRLF round trip: the reference's edit_file keeps every CRLF, and says so.
    assert!(
        text.contains("# Seen: an edit through edit_file of a file holding \"one\\r\\ntwo")
            && text.contains("kept every CRLF"),
        "{text}"
    );
    // Against the reference's filesystem interface the guesses need no correction.
    let path = starter.display().to_string();
    let (code, out, err) = run(&["run", "--interface", &path, "--server", &server]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert_eq!(count(&out, "failed"), 0, "{out}");
    // A server of one tool with an `action` argument fits no guess: every operation is
    // declared absent, the file still loads, and nothing passes that did not run.
    let devs = format!("{EXE} serve-reference --profile devs {{root}}");
    let (code, text, err) = run(&["interface", "init", "--server", &devs]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("  read: \"the server has no tool to read"),
        "{text}"
    );
}

#[test]
fn a_server_of_another_interface_is_pointed_to_interface_init() {
    let server = format!("{EXE} serve-reference --profile devs {{root}}");
    let (code, out, err) = run(&["run", "--server", &server, "--profile", "rootspace"]);
    assert_eq!(code, 2, "{out}\n{err}");
    assert!(
        format!("{out}{err}").contains("mcp-harness interface init"),
        "{out}\n{err}"
    );
}

/// The example `name` with `from` replaced by `to` (which must change it), in `dir`.
fn variant(dir: &tempfile::TempDir, name: &str, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(example(name)).unwrap();
    assert!(text.contains(from), "{name} has no {from:?}");
    let path = dir.path().join(name);
    std::fs::write(&path, text.replace(from, to)).unwrap();
    path.display().to_string()
}

/// `run --interface FILE` against the reference serving `profile`, the cases of `names`.
fn run_file(file: &str, profile: &str, names: &str) -> (i32, String, String) {
    let server = format!("{EXE} serve-reference --profile {profile} {{root}}");
    let args = [
        "run",
        "--interface",
        file,
        "--server",
        &server,
        "--name",
        names,
    ];
    run(&args)
}

/// An overwrite guarded by `{hash}` loads; the cases that give no believed content are
/// skipped with that reason, and those that give it run.
#[test]
fn a_template_needing_believed_content_skips_only_the_cases_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = variant(
        &dir,
        "reference-filesystem.yaml",
        "overwrite: {call: write_file, args: {path: \"${root}/{path}\", content: \"{content}\"}}",
        "overwrite: {call: write_file, args: {path: \"${root}/{path}\", content: \"{content}\", \
         note: \"{hash}\"}}",
    );
    let (code, out, err) = run_file(&file, "filesystem", "SAFE-012|RACE-003|ROUND-013");
    assert_eq!(code, 0, "{out}\n{err}");
    assert_eq!(
        count(&out, "passed"),
        1,
        "ROUND-013 gives believed content: {out}"
    );
    assert_eq!(count(&out, "no believed content)"), 2, "{out}");
    assert!(
        out.contains(
            "SKIP 2 cases (reference-filesystem/RACE-003, reference-filesystem/SAFE-012): they \
             give no believed content, which the mapping's template needs."
        ),
        "{out}"
    );
}

/// A run in which every selected case was skipped tested nothing: exit 2, never PASS, and
/// the summary's rows say which requirements were not tested.
#[test]
fn a_run_that_tests_nothing_is_no_pass() {
    let (code, out, err) = run_file(
        &example("reference-filesystem.yaml"),
        "filesystem",
        "SAFE-003",
    );
    assert_eq!(code, 2, "{out}\n{err}");
    assert!(out.contains("Result: NOTHING TESTED"), "{out}");
    assert!(!out.contains("PASS"), "{out}");
    assert!(
        err.contains("nothing was tested: every selected case was skipped (1 operation absent)"),
        "{err}"
    );
    assert!(out.contains("1 skipped: nothing tested"), "{out}");
}

/// Without `failures:` the failure-marking cases are left out, said as a missing
/// declaration (not an absent operation) and counted as skipped, never as passed.
#[test]
fn an_undeclared_failure_mark_skips_its_cases_saying_why() {
    let dir = tempfile::tempdir().unwrap();
    let file = variant(&dir, "reference-devs.yaml", "failures: is_error\n", "");
    let (code, out, err) = run_file(&file, "devs", "MARK-");
    assert_eq!(code, 2, "nothing ran: {out}\n{err}");
    assert!(
        out.contains("the interface file declares no `failures:` (how the server marks"),
        "{out}"
    );
    assert_eq!(count(&out, "not declared"), 6, "{out}");
    // Each refusal counts only beside a success of the same call (CTRL-, ROUND-, EDIT-001).
    let (code, out, _) = run_file(
        &example("reference-devs.yaml"),
        "devs",
        "(MARK-|CTRL-|ROUND-00[17]|ROUND-013|EDIT-001)",
    );
    // The 6 MARK cases the interface has, and their 6 controls, all pass.
    assert_eq!((code, count(&out, "passed")), (0, 12), "{out}");
    assert!(!out.contains("NOT TESTED"), "{out}");
}

/// A declared refusal shape is read as a refusal wherever it appears: declared as the
/// devs envelope's `ok: true`, every success becomes one, so a read that must succeed
/// (SAFE-004) fails, and passes without the declaration.
#[test]
fn a_declared_refusal_shape_is_read_as_a_refusal() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = run_file(&example("reference-devs.yaml"), "devs", "SAFE-004");
    assert_eq!((code, count(&out, "passed")), (0, 1), "{out}");
    let inverted = variant(
        &dir,
        "reference-devs.yaml",
        "failures: is_error\n",
        "failures: refusal\nrefusal: {field: /ok, equals: true}\n",
    );
    let (code, out, err) = run_file(&inverted, "devs", "SAFE-004");
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(
        out.contains("the call failed (isError: true) but should have succeeded"),
        "{out}"
    );
}

/// A reader field written as a JSON pointer reads the text where it points, if it points
/// at one value.
#[test]
fn a_pointer_reader_field_reads_the_text_it_points_to() {
    let dir = tempfile::tempdir().unwrap();
    // `/*` matches three keys of `{bytesRead, data, ok}`: it names no one text.
    for (field, code) in [("/data", 0), ("/*", 1), ("/nothing", 1)] {
        let file = variant(
            &dir,
            "reference-devs.yaml",
            "reader_field: data\n",
            &format!("reader_field: \"{field}\"\n"),
        );
        let (got, out, err) = run_file(&file, "devs", "ROUND-00[7-9]");
        assert_eq!(got, code, "{field}\n{out}\n{err}");
        if code == 0 {
            assert_eq!(count(&out, "passed"), 3, "{field}\n{out}");
        }
    }
}
