//! `mcp-harness list`: every requirement, clarification and case with its tags, without
//! running anything.

use std::fmt::Write as _;

use crate::catalogue::Catalogue;

/// A plain-text overview of the catalogue.
pub fn list(cat: &Catalogue) -> String {
    let mut out = String::new();
    let p = &cat.profile;
    let _ = writeln!(out, "Profile {}: {}", p.profile, p.title);
    let _ = writeln!(out, "  source: {}", p.source);
    let _ = writeln!(out, "  tools: {}", p.tools.join(", "));
    if !p.resources.is_empty() {
        let _ = writeln!(out, "  resources: {}", p.resources.join(", "));
    }
    let _ = writeln!(out, "\nRequirements ({})", cat.requirements.len());
    for r in &cat.requirements {
        let n = cat.cases_covering(&r.id).count();
        match &r.not_applicable {
            Some(why) => {
                let _ = writeln!(out, "  {:<9} {:<6} {}", r.id, r.level, r.statement);
                let _ = writeln!(out, "  {:<9} {:<6} not applicable: {why}", "", "");
            }
            None => {
                let _ = writeln!(
                    out,
                    "  {:<9} {:<6} {} [{n} case(s)]",
                    r.id, r.level, r.statement
                );
            }
        }
    }
    let _ = writeln!(out, "\nClarifications ({})", cat.clarifications.len());
    for c in &cat.clarifications {
        let n = cat.cases_covering(&c.id).count();
        let refines = if c.refines.is_empty() {
            String::new()
        } else {
            format!(" (refines {})", c.refines.join(", "))
        };
        let _ = writeln!(
            out,
            "  {:<9} {:<6} {}{refines} [{n} case(s)]",
            c.id, c.level, c.title
        );
    }
    let total = cat.cases().count();
    let _ = writeln!(out, "\nCases ({total})");
    for a in &cat.areas {
        let _ = writeln!(
            out,
            "  features/{p}/{} ({}): {} — {} case(s)",
            a.feature_file(),
            a.source(&p.profile),
            a.title,
            a.cases.len(),
            p = p.profile
        );
        for c in &a.cases {
            let _ = writeln!(
                out,
                "    {:<12} {}  {}",
                c.id,
                c.name,
                cat.tags(c).join(" ")
            );
        }
    }
    out
}
