//! Coverage: which of the server's own tools (its `tools/list`) the run's mapped operations
//! call, and which it left untested, each flagged when it takes a command, a script, a URL
//! or a glob of its own: a side door around confinement that no case tried. A verdict
//! covers only the mapped tools, so every report says this beside it.

use serde_json::Value;

/// A tool as the server listed it: its name and its input schema's property names, with
/// the schema's text (descriptions, formats) for the `uri` that fetches over HTTP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolSeen {
    pub name: String,
    pub properties: Vec<String>,
    /// The input schema as JSON text, lower-cased.
    pub schema_text: String,
}

impl ToolSeen {
    /// One entry of a `tools/list` result; `None` without a name.
    pub fn of(entry: &Value) -> Option<ToolSeen> {
        let name = entry.get("name")?.as_str()?.to_string();
        let schema = entry.get("inputSchema").cloned().unwrap_or(Value::Null);
        let properties = schema
            .get("properties")
            .and_then(Value::as_object)
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default();
        Some(ToolSeen {
            name,
            properties,
            schema_text: schema.to_string().to_lowercase(),
        })
    }

    /// A tool known by its name alone (an empty schema).
    pub fn named(name: &str) -> ToolSeen {
        ToolSeen {
            name: name.to_string(),
            properties: Vec::new(),
            schema_text: String::new(),
        }
    }
}

/// What an untested tool can reach besides the root's files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideDoor {
    Command,
    Script,
    Url,
    Glob,
}

impl SideDoor {
    /// What the tool does, after "was not tested and …".
    pub fn does(self) -> &'static str {
        match self {
            SideDoor::Command => "runs commands",
            SideDoor::Script => "runs scripts",
            SideDoor::Url => "fetches URLs",
            SideDoor::Glob => "matches a glob of its own",
        }
    }

    /// The key in the JSON reports.
    pub fn key(self) -> &'static str {
        match self {
            SideDoor::Command => "command",
            SideDoor::Script => "script",
            SideDoor::Url => "url",
            SideDoor::Glob => "glob",
        }
    }
}

/// The words of a name: `executeShellCommand` and `execute_shell_command` both give
/// `execute`, `shell`, `command`.
fn words(name: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_ascii_alphanumeric() {
            out.push(String::new());
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower {
            out.push(String::new());
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        if let Some(w) = out.last_mut() {
            w.push(c.to_ascii_lowercase());
        }
    }
    out.retain(|w| !w.is_empty());
    out
}

/// The side door a tool opens, judged from its name's words and its properties' words.
pub fn side_door(tool: &ToolSeen) -> Option<SideDoor> {
    let name = words(&tool.name);
    let props: Vec<Vec<String>> = tool.properties.iter().map(|p| words(p)).collect();
    let named = |ws: &[&str]| name.iter().any(|w| ws.contains(&w.as_str()));
    let takes = |ws: &[&str]| props.iter().flatten().any(|w| ws.contains(&w.as_str()));
    if named(&[
        "shell", "exec", "execute", "command", "cmd", "terminal", "bash",
    ]) || takes(&["command", "cmd", "shell", "commandline"])
    {
        return Some(SideDoor::Command);
    }
    if named(&["script", "eval", "repl"]) || takes(&["script", "code"]) {
        return Some(SideDoor::Script);
    }
    // A `uri` names a file as often as a web page: only one the schema says is HTTP.
    let http_uri = takes(&["uri", "uris"]) && tool.schema_text.contains("http");
    if named(&["url", "fetch", "http", "download"])
        || takes(&["url", "urls", "endpoint", "href"])
        || http_uri
    {
        return Some(SideDoor::Url);
    }
    // A pattern that only leaves files out (`excludePatterns`) reaches nothing new.
    let widening = props.iter().any(|p| {
        p.iter()
            .any(|w| ["pattern", "patterns", "glob", "globs"].contains(&w.as_str()))
            && !p.iter().any(|w| w == "exclude" || w == "ignore")
    });
    if named(&["glob"]) || widening {
        return Some(SideDoor::Glob);
    }
    None
}

/// What the run's cases found of confinement through the mapped tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confinement {
    /// A case found a way out of the root.
    Escaped,
    /// This many cases tried a way out (the outside area in their steps); none found one.
    Held(usize),
    /// No case of the run tried a way out (a `--name` or `--tags` selection, say).
    Untried,
}

/// A server tool that no mapped operation calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Untested {
    pub name: String,
    pub side_door: Option<SideDoor>,
}

/// The run's coverage of the server's tools.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coverage {
    /// Whether the server's tool list was had (without it nothing can be said).
    pub listed: bool,
    /// The server's tools that the mapped operations call.
    pub tested: Vec<String>,
    /// The server's tools that no mapped operation calls.
    pub untested: Vec<Untested>,
}

impl Coverage {
    /// `offered`: the server's tools; `mapped`: the tools the run's operations call, in the
    /// server's spelling; `listed`: whether `tools/list` answered.
    pub fn of(offered: &[ToolSeen], mapped: &[String], listed: bool) -> Coverage {
        let (tested, untested): (Vec<&ToolSeen>, Vec<&ToolSeen>) =
            offered.iter().partition(|t| mapped.contains(&t.name));
        Coverage {
            listed,
            tested: tested.iter().map(|t| t.name.clone()).collect(),
            untested: untested
                .iter()
                .map(|t| Untested {
                    name: t.name.clone(),
                    side_door: side_door(t),
                })
                .collect(),
        }
    }

    /// The untested tools that are side doors.
    pub fn side_doors(&self) -> impl Iterator<Item = &Untested> {
        self.untested.iter().filter(|u| u.side_door.is_some())
    }

    /// One sentence for every report: "Coverage: confinement holds for the 5 mapped
    /// tools (12 cases tried a way out); `execute_shell_command` was not tested and runs
    /// commands."
    pub fn sentence(&self, confinement: Confinement) -> String {
        if !self.listed {
            return "Coverage: the server's tool list could not be had, so which of its \
                    tools went untested is unknown."
                .into();
        }
        let n = self.tested.len();
        let mapped = format!("the {n} mapped tool{}", if n == 1 { "" } else { "s" });
        let head = match confinement {
            Confinement::Escaped => {
                format!("Coverage: confinement does not hold for {mapped} (see the headline)")
            }
            Confinement::Held(k) => format!(
                "Coverage: confinement holds for {mapped} ({k} case{} tried a way out)",
                if k == 1 { "" } else { "s" }
            ),
            Confinement::Untried => {
                format!("Coverage: no case of this run tried a way out through {mapped}")
            }
        };
        if self.untested.is_empty() {
            return format!("{head}; every tool the server lists was tested.");
        }
        // The side doors first, each with what it does; the other tools named together.
        let mut each: Vec<String> = self
            .untested
            .iter()
            .filter_map(|u| {
                let d = u.side_door?;
                Some(format!("`{}` was not tested and {}", u.name, d.does()))
            })
            .collect();
        let others: Vec<String> = self
            .untested
            .iter()
            .filter(|u| u.side_door.is_none())
            .map(|u| format!("`{}`", u.name))
            .collect();
        match others.len() {
            0 => {}
            1 => each.push(format!("{} was not tested", others.join(""))),
            n => each.push(format!(
                "{n} other tools were not tested: {}",
                others.join(", ")
            )),
        }
        format!("{head}; {}.", each.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tool(name: &str, props: &[&str]) -> ToolSeen {
        let properties: serde_json::Map<String, Value> = props
            .iter()
            .map(|p| (p.to_string(), json!({"type": "string"})))
            .collect();
        ToolSeen::of(&json!({"name": name, "inputSchema": {"properties": properties}}))
            .unwrap_or_else(|| ToolSeen::named(name))
    }

    #[test]
    fn side_doors_are_read_from_names_and_properties() {
        let door = |name: &str, props: &[&str]| side_door(&tool(name, props));
        assert_eq!(door("execute_shell_command", &[]), Some(SideDoor::Command));
        assert_eq!(door("start_process", &["command"]), Some(SideDoor::Command));
        assert_eq!(door("runTerminal", &[]), Some(SideDoor::Command));
        assert_eq!(door("run", &["cmd", "cwd"]), Some(SideDoor::Command));
        assert_eq!(door("evaluate", &["script"]), Some(SideDoor::Script));
        assert_eq!(door("fetch_page", &[]), Some(SideDoor::Url));
        assert_eq!(door("get", &["url"]), Some(SideDoor::Url));
        assert_eq!(
            door("search_files", &["path", "pattern"]),
            Some(SideDoor::Glob)
        );
        assert_eq!(door("find", &["filePattern"]), Some(SideDoor::Glob));
        assert_eq!(door("directory_tree", &["path", "excludePatterns"]), None);
        // Plain file tools, and a `uri` that names a file, are not side doors.
        assert_eq!(door("read_file", &["path"]), None);
        assert_eq!(door("get_config", &[]), None);
        assert_eq!(door("recommend", &["commander"]), None);
        assert_eq!(door("open", &["uri"]), None);
        let web = ToolSeen::of(&json!({
            "name": "open",
            "inputSchema": {"properties": {"uri": {"description": "an http(s) address"}}}
        }));
        assert_eq!(web.as_ref().and_then(side_door), Some(SideDoor::Url));
    }

    #[test]
    fn the_sentence_names_the_untested_tools_and_what_they_do() {
        let offered = [
            tool("read_file", &["path"]),
            tool("get_config", &[]),
            tool("write_file", &["path", "content"]),
            tool("execute_shell_command", &["command"]),
        ];
        let mapped = ["read_file".to_string(), "write_file".to_string()];
        let c = Coverage::of(&offered, &mapped, true);
        assert_eq!(c.tested, ["read_file", "write_file"]);
        assert_eq!(c.side_doors().count(), 1);
        assert_eq!(
            c.sentence(Confinement::Held(3)),
            "Coverage: confinement holds for the 2 mapped tools (3 cases tried a way out); \
             `execute_shell_command` was not tested and runs commands; `get_config` was not \
             tested."
        );
        assert!(
            c.sentence(Confinement::Escaped)
                .contains("confinement does not hold")
        );
        assert!(
            c.sentence(Confinement::Untried)
                .contains("no case of this run tried")
        );
        let all = Coverage::of(&offered[..1], &mapped, true);
        assert!(
            all.sentence(Confinement::Held(1))
                .ends_with("every tool the server lists was tested.")
        );
        assert!(
            Coverage::of(&[], &mapped, false)
                .sentence(Confinement::Untried)
                .contains("unknown")
        );
    }
}
