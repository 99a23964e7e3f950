//! The mapping level (issue 22): faults and readings of interfaces the harness has no
//! profile for, tested through a mapping file alone. The wire proxy's foreign interfaces
//! (`tests/src/proxy/foreign.rs`) rename the reference's tools and reshape its paths,
//! results and refusals; each has a mapping file in tests/tests/e2e/.
//!
//! - One fault per universal check (the checks come from the mapping's catalogue, so from
//!   specs/shared/checks.yaml): a fault of the filesystem reference behind one of the
//!   foreign interfaces, which must fail a case of that check through its mapping.
//! - Every foreign interface (a *reading* of result and error shapes) with the plain
//!   reference behind it: every case must pass.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use e2e_tests::faults::{self, Injection};
use e2e_tests::proxy::foreign::{MAPPING_FAULTS, MAPPING_NO_FAULT, READINGS, Reading, reading};
use libtest_mimic::{Failed, Trial};
use mcp_harness::catalogue::interface::{Interface, load_interface, universal_id};
use mcp_harness::run::config::ToolNames;
use mcp_harness::run::outcome::CaseResult;

use super::{
    RaceTime, caught_by, check_row, detail, failed, ids, is_swap_fault, row_key, run_features,
    with_race_time,
};

/// The foreign interface whose mapping lists the checks (every reading maps the same
/// operations).
fn base() -> &'static Reading {
    &READINGS[0]
}

fn interface(r: &Reading) -> Result<Interface, Failed> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(r.mapping);
    load_interface(&path).map_err(|e| format!("{}: {:?}", r.mapping, e.problems).into())
}

/// What the mapping says of one check: the fault behind it, or why it has none.
enum Plan {
    /// The fault, the foreign interface it sits behind, and the id the check's cases cover
    /// (`UNIVERSAL-<CHECK>`, or `UNIVERSAL-CLR-nn` for a choice).
    Fault(&'static Injection, &'static Reading, String),
    /// Every case of the check needs an operation the mapping declares absent.
    NotRun(String),
    NoFault(&'static str),
    /// A check no list names: a new check that still needs its fault.
    Missing,
}

/// The universal checks, each with its plan: the requirements, then the choices (the
/// clarifications `UNIVERSAL-CLR-nn`, each titled by its check).
fn plans() -> Result<Vec<(String, Plan)>, Failed> {
    let iface = interface(base())?;
    let prefix = universal_id("");
    let mut out = Vec::new();
    for r in &iface.catalogue.requirements {
        let Some(upper) = r.id.strip_prefix(&prefix) else {
            continue;
        };
        let check = upper.to_ascii_lowercase();
        let plan = plan(&iface, &check, &r.id, r.not_applicable.is_some())?;
        out.push((check, plan));
    }
    for c in &iface.catalogue.clarifications {
        if c.id.starts_with(&universal_id("CLR-")) {
            out.push((c.title.clone(), plan(&iface, &c.title, &c.id, false)?));
        }
    }
    Ok(out)
}

fn plan(iface: &Interface, check: &str, id: &str, absent: bool) -> Result<Plan, Failed> {
    // A fault's reading may front a profile that has the operation the base mapping lacks.
    if let Some((_, name, behind)) = MAPPING_FAULTS.iter().find(|(c, ..)| *c == check) {
        let reading = reading(behind).ok_or_else(|| format!("{behind} is no foreign interface"))?;
        // A fault at the reference's seams, or one of its profile's wire proxy (`mcp-faulty
        // --behind` nests that proxy behind the reading's).
        let fault = faults::PROFILES
            .iter()
            .flat_map(|p| p.faults.iter().chain(p.proxy_faults))
            .find(|f| f.name == *name && f.profile == reading.behind)
            .ok_or_else(|| format!("{name} is not a fault of the {} reference", reading.behind))?;
        return Ok(Plan::Fault(fault, reading, id.to_owned()));
    }
    if absent {
        return Ok(Plan::NotRun(absent_reason(iface, check)));
    }
    Ok(MAPPING_NO_FAULT
        .iter()
        .find(|(c, _)| *c == check)
        .map_or(Plan::Missing, |(_, why)| Plan::NoFault(why)))
}

/// The operations the check's cases need and the mapping's sentences on why it has none.
fn absent_reason(iface: &Interface, check: &str) -> String {
    let said: BTreeSet<String> = iface
        .left_out
        .iter()
        .filter(|l| l.checks.iter().any(|c| c == check))
        .map(|l| format!("`{}`: {}", l.operation, l.reason))
        .collect();
    format!(
        "its cases need an operation the mapping declares absent ({})",
        said.into_iter().collect::<Vec<_>>().join("; ")
    )
}

/// The cases of `reading`'s mapping against the proxy in front of the reference, plain or
/// with `fault` behind it, limited by `tag`.
fn run(
    reading: &Reading,
    fault: Option<&Injection>,
    tag: Option<&str>,
    races: RaceTime,
) -> Result<Vec<CaseResult>, Failed> {
    let iface = interface(reading)?;
    let mut argv = vec![
        env!("CARGO_BIN_EXE_mcp-faulty").to_string(),
        "--variant".into(),
        reading.name.into(),
    ];
    match fault {
        // A fault's server serves its own profile.
        Some(f) => argv.extend(["--behind".into(), f.name.to_string()]),
        None => argv.extend(["--profile".into(), reading.behind.into()]),
    }
    argv.extend(["--root".into(), "{root}".into()]);
    let mount = match fault {
        Some(f) => super::folding_mount(f)?,
        None => None,
    };
    let scratch = mount.as_ref().map(|m| m.dir().to_path_buf());
    let features = with_race_time(mcp_harness::run::interface::features(&iface), races);
    let profile = Arc::new(iface.catalogue.profile.clone());
    run_features(argv, features, profile, ToolNames::Dotted, tag, scratch)
}

/// Measure one check's fault behind the foreign interface `r`: its row, and why it was
/// missed.
fn measure_fault(
    check: &str,
    id: &str,
    f: &Injection,
    r: &Reading,
) -> Result<(String, Option<String>), Failed> {
    // Every case but the swapper's races (slow, and counted only for the check-then-use
    // faults), so that cases of other checks show the server served.
    let tag = format!("@{id} or not @{}", universal_id("races"));
    let results = run(r, Some(f), Some(&tag), RaceTime::Full)?;
    if !results.iter().any(CaseResult::passed) {
        return Err(format!(
            "no case passed with {} behind {}: the server did not serve\n{}",
            f.name,
            r.name,
            detail(&failed(&results))
        )
        .into());
    }
    let bad = caught_by(&results);
    let catching: Vec<&CaseResult> = bad
        .iter()
        .copied()
        .filter(|r| r.covers.iter().any(|c| c == id))
        .filter(|r| is_swap_fault(f) || !r.feature.ends_with("races.feature"))
        .collect();
    let caught = !catching.is_empty();
    let row = format!(
        "| check `{check}` | `{}` | `{}` | {} | {} | {} |",
        f.name,
        r.name,
        if caught { "caught" } else { "MISSED" },
        catching.len(),
        ids(&catching)
    );
    let why = (!caught).then(|| {
        format!(
            "{} behind {} was not caught by a case of {check}.\nrow: {row}\nfailures:\n{}",
            f.name,
            r.name,
            detail(&bad)
        )
    });
    Ok((row, why))
}

/// Measure one reading with the plain reference behind it: its row, or why the harness
/// rejected it (any failed case: every case of a mapping is core).
fn measure_reading(r: &Reading) -> Result<String, Failed> {
    let iface = interface(r)?;
    // A reading changes shapes, not timing: its races are short (`RaceTime::Short`).
    let results = run(
        r,
        None,
        other_choices(&iface, r)?.as_deref(),
        RaceTime::Short,
    )?;
    let bad: Vec<&CaseResult> = results.iter().filter(|c| c.failed()).collect();
    let cases: usize = iface.catalogue.areas.iter().map(|a| a.cases.len()).sum();
    let row = format!(
        "| `{}` | {} | `tests/{}` | {} | {} | {} |",
        r.name,
        r.what,
        r.mapping,
        if bad.is_empty() {
            "accepted"
        } else {
            "REJECTED"
        },
        cases,
        bad.len()
    );
    if bad.is_empty() {
        return Ok(row);
    }
    Err(format!(
        "the reading {} failed {} case(s) through its mapping: the harness is too strict.\n\
         row: {row}\n{}",
        r.name,
        bad.len(),
        detail(&bad)
    )
    .into())
}

/// The cases of the choices the profile behind `r` makes the other way (its
/// `shared_skips`: lighthouse refuses every absolute link target) as a tag expression
/// leaving them out, if there are any: the plain server rightly fails them.
fn other_choices(iface: &Interface, r: &Reading) -> Result<Option<String>, Failed> {
    let behind = mcp_harness::catalogue::load_embedded(r.behind).map_err(|e| e.to_string())?;
    let skipped = &behind.profile.shared_skips;
    let ids: Vec<String> = iface
        .catalogue
        .clarifications
        .iter()
        .filter(|c| skipped.contains_key(&c.title))
        .map(|c| format!("not @{}", c.id))
        .collect();
    Ok((!ids.is_empty()).then(|| ids.join(" and ")))
}

/// The trials: one per check with a fault, one per reading, and one per check that no
/// list names (which fails until it has a fault).
pub fn trials(off: bool, write: bool) -> Vec<Trial> {
    let mut trials = Vec::new();
    let plans = match plans() {
        Ok(p) => p,
        Err(e) => {
            // The mapping did not load: say so rather than run no trial at all.
            let why = e
                .message()
                .unwrap_or("the mapping did not load")
                .to_string();
            trials.push(Trial::test("mapping/plans", move || Err(why.into())));
            Vec::new()
        }
    };
    let known: BTreeSet<String> = plans.iter().map(|(c, _)| c.clone()).collect();
    for (check, plan) in plans {
        match plan {
            Plan::Fault(f, r, id) => trials.push(
                Trial::test(format!("mapping/fault/{check}"), move || {
                    let (row, missed) = measure_fault(&check, &id, f, r)?;
                    check_row(&row, write)?;
                    missed.map_or(Ok(()), |why| Err(why.into()))
                })
                .with_ignored_flag(off),
            ),
            Plan::Missing => trials.push(
                Trial::test(format!("mapping/fault/{check}"), move || {
                    Err(format!(
                        "the check {check} has no mapping-level fault: name one in \
                         tests/src/proxy/foreign.rs's MAPPING_FAULTS (or say why not in \
                         MAPPING_NO_FAULT)"
                    )
                    .into())
                })
                .with_ignored_flag(off),
            ),
            Plan::NotRun(_) | Plan::NoFault(_) => {}
        }
    }
    trials.push(Trial::test("mapping/lists", move || {
        lists_name_checks(&known)
    }));
    for r in READINGS {
        trials.push(
            Trial::test(format!("mapping/reading/{}", r.name), move || {
                check_row(&measure_reading(r)?, write)
            })
            .with_ignored_flag(off),
        );
    }
    trials
}

/// Every check `MAPPING_FAULTS` and `MAPPING_NO_FAULT` name is one of the mapping's (a
/// check renamed or dropped in checks.yaml leaves no stale entry behind).
fn lists_name_checks(known: &BTreeSet<String>) -> Result<(), Failed> {
    let listed = MAPPING_FAULTS
        .iter()
        .map(|(c, ..)| *c)
        .chain(MAPPING_NO_FAULT.iter().map(|(c, _)| *c));
    let stale: Vec<&str> = listed.filter(|c| !known.contains(*c)).collect();
    if stale.is_empty() && !known.is_empty() {
        return Ok(());
    }
    Err(format!(
        "tests/src/proxy/foreign.rs names checks the mapping does not have: {stale:?} \
         (its checks: {known:?})"
    )
    .into())
}

/// The keys of the measured rows this level keeps in the doc.
pub fn row_keys() -> BTreeSet<String> {
    let faults = plans()
        .unwrap_or_default()
        .into_iter()
        .filter(|(_, p)| matches!(p, Plan::Fault(..)))
        .map(|(c, _)| format!("check `{c}`"));
    let readings = READINGS.iter().map(|r| format!("`{}`", r.name));
    faults.chain(readings).collect()
}

/// The doc's section of this level, from the measured `rows`.
pub fn section(rows: &[String]) -> String {
    let plans = plans().unwrap_or_default();
    let find = |key: String| rows.iter().find(|r| row_key(r) == key).cloned();
    let mut table = String::new();
    let mut caught = 0;
    let mut with_fault = 0;
    for (check, plan) in &plans {
        let row = match plan {
            Plan::Fault(..) => {
                with_fault += 1;
                find(format!("check `{check}`"))
            }
            Plan::NotRun(why) => Some(format!(
                "| check `{check}` | — | — | not run: {why} | 0 | — |"
            )),
            Plan::NoFault(why) => Some(format!(
                "| check `{check}` | — | — | no fault: {why} | 0 | — |"
            )),
            Plan::Missing => Some(format!(
                "| check `{check}` | — | — | NO FAULT: a new check | 0 | — |"
            )),
        };
        if let Some(r) = row {
            caught += usize::from(r.contains("| caught |"));
            table.push_str(&r);
            table.push('\n');
        }
    }
    let reading_rows: Vec<String> = READINGS
        .iter()
        .filter_map(|r| find(format!("`{}`", r.name)))
        .collect();
    let accepted = reading_rows
        .iter()
        .filter(|r| r.contains("| accepted |"))
        .count();
    let mut s = intro(&plans, caught, with_fault, accepted);
    s.push_str("### Faults: each must fail a case of its check, through the mapping alone\n\n");
    s.push_str("| check | fault | behind | result | catching cases | catching case ids |\n");
    s.push_str("|---|---|---|---|---|---|\n");
    s.push_str(&table);
    s.push_str(
        "\n### Readings of result and error shapes: each must pass every case through its mapping\n\n",
    );
    s.push_str("| reading | paths, results, refusals | mapping | result | cases | failures |\n");
    s.push_str("|---|---|---|---|---|---|\n");
    for r in reading_rows {
        s.push_str(&r);
        s.push('\n');
    }
    s
}

/// The section's heading and summary line.
fn intro(plans: &[(String, Plan)], caught: usize, with_fault: usize, accepted: usize) -> String {
    let (cases, left_out) = interface(base()).map_or((0, 0), |i| {
        let run: usize = i.catalogue.areas.iter().map(|a| a.cases.len()).sum();
        (run + i.left_out.len(), i.left_out.len())
    });
    format!(
        "\n## Mapping level: interfaces no profile fits\n\n\
         **{cases} shared cases through a mapping ({left_out} of them need an operation the \
         foreign interfaces in front of the filesystem reference lack); {caught} of \
         {with_fault} faults caught, one per check that has one, over {} checks; {accepted} \
         of {} readings accepted.**\n\n\
         `mcp-faulty --variant foreign-…` puts a foreign interface in front of the filesystem \
         reference, or for `foreign-lighthouse` the lighthouse one, which deletes trees \
         (`tests/src/proxy/foreign.rs`): tools renamed `fs_<name>`, path arguments \
         `file`, `from`, `to`, and paths, results and refusals spelled as the reading says. \
         The harness knows nothing of it but its mapping file (`tests/tests/e2e/foreign-*.yaml`). \
         A fault's run puts that fault of the reference behind one of them \
         (`--behind`; the faults are spread over the readings) and runs every case of its \
         mapping but the \
         swapper's races (those too for the races check); it must fail a case of its check, \
         and some case must pass (the server served). The case-folding fault's run makes its \
         roots on the FUSE mount of `tests/casefold/`, which folds case. The checks are those \
         of `specs/shared/checks.yaml`.\n\n",
        plans.len(),
        READINGS.len()
    )
}
