//! Coverage: which of the server's own tools (its `tools/list`) the run's mapped operations
//! call, and which it left untested, each flagged when it takes a command, a script, a URL
//! or a glob of its own, or can widen the directories the server allows: a side door
//! around confinement that no case tried. A verdict covers only the mapped tools, so every
//! report says this beside it.

use serde_json::Value;

/// A tool as the server listed it: its name and its input schema's property names, with
/// the schema's text (descriptions, formats) for the `uri` that fetches over HTTP, and the
/// tool's description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolSeen {
    pub name: String,
    pub properties: Vec<String>,
    /// The input schema as JSON text, lower-cased.
    pub schema_text: String,
    /// The tool's description, lower-cased.
    pub description: String,
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
        let description = entry.get("description").and_then(Value::as_str);
        Some(ToolSeen {
            name,
            properties,
            schema_text: schema.to_string().to_lowercase(),
            description: description.unwrap_or_default().to_lowercase(),
        })
    }

    /// A tool known by its name alone (an empty schema).
    pub fn named(name: &str) -> ToolSeen {
        ToolSeen {
            name: name.to_string(),
            properties: Vec::new(),
            schema_text: String::new(),
            description: String::new(),
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
    /// A tool that adds directories to those the server allows (`set_root`, `add_allowed_
    /// directory`, a config key `allowedDirectories`): confinement holds only until it is
    /// called.
    Widens,
    /// A tool the server's refusals tell the agent to call: an invitation around the
    /// refusal that no case followed.
    Invited,
}

impl SideDoor {
    /// What the tool does, after "was not tested and …".
    pub fn does(self) -> &'static str {
        match self {
            SideDoor::Command => "runs commands",
            SideDoor::Script => "runs scripts",
            SideDoor::Url => "fetches URLs",
            SideDoor::Glob => "matches a glob of its own",
            SideDoor::Widens => "can widen the directories the server allows",
            SideDoor::Invited => "is named by the server's refusals as the way around them",
        }
    }

    /// The key in the JSON reports.
    pub fn key(self) -> &'static str {
        match self {
            SideDoor::Command => "command",
            SideDoor::Script => "script",
            SideDoor::Url => "url",
            SideDoor::Glob => "glob",
            SideDoor::Widens => "widens",
            SideDoor::Invited => "invited",
        }
    }
}

/// The words of a name: `executeShellCommand` and `execute_shell_command` both give
/// `execute`, `shell`, `command`.
pub fn words(name: &str) -> Vec<String> {
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
    if widens(tool, &name) {
        return Some(SideDoor::Widens);
    }
    // Code to run is a property of its own (`code`, `script`): a `code` among other words
    // (`restrict_search_to_code_files`) filters a search, it runs nothing.
    let runs_code = props
        .iter()
        .any(|p| p.iter().any(|w| w == "script") || matches!(p.as_slice(), [w] if w == "code"));
    if named(&["script", "eval", "repl"]) || runs_code {
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

/// Whether a tool can widen the directories the server allows: its name pairs a verb that
/// changes (`set`, `add`, `allow`, ...) with what confinement is made of (`root`,
/// `workspace`, `directories`, ...), or its schema or description speaks of the allowed
/// directories while its name changes something (`set_config_value`'s `allowedDirectories`).
fn widens(tool: &ToolSeen, name: &[String]) -> bool {
    const FENCES: [&str; 10] = [
        "root",
        "roots",
        "workspace",
        "workspaces",
        "sandbox",
        "directories",
        "allowed",
        "whitelist",
        "allowlist",
        "dirs",
    ];
    let has = |ws: &[&str]| name.iter().any(|w| ws.contains(&w.as_str()));
    let says = |t: &str| {
        [
            "alloweddirector",
            "allowed_director",
            "allowed director",
            "whitelist",
            "allowlist",
        ]
        .iter()
        .any(|k| t.contains(k))
    };
    has(&CHANGING) && (has(&FENCES) || says(&tool.schema_text) || says(&tool.description))
}

/// The untested tools a refusal's text names whose names change something (`grant_folder`,
/// `add_root`): the server tells the agent to call them to get past the refusal. One that
/// only shows (`list_roots`, "see list_roots for the allowed directories") opens nothing.
pub fn invited<'a>(untested: &'a [String], refusal: &str) -> Vec<&'a String> {
    untested
        .iter()
        .filter(|t| t.len() >= 4 && changes(t) && mentions_word(refusal, t))
        .collect()
}

/// Verbs of a tool name that change what the server allows.
const CHANGING: [&str; 10] = [
    "set", "add", "allow", "grant", "change", "switch", "update", "register", "mount", "trust",
];

fn changes(tool: &str) -> bool {
    words(tool).iter().any(|w| CHANGING.contains(&w.as_str()))
}

/// Whether `text` holds `word` with no letter, digit or `_` on either side.
pub fn mentions_word(text: &str, word: &str) -> bool {
    let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(word).any(|(i, _)| {
        !part(text[..i].chars().next_back()) && !part(text[i + word.len()..].chars().next())
    })
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
    /// What the sweep (SWEEP-001) did with it, when it ran.
    pub swept: Option<Swept>,
}

/// How the sweep attacked a tool no operation maps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Swept {
    /// A call on a path inside succeeded, and the ways out were refused.
    Attacked,
    /// Sent the ways out, but no call of it on a path inside succeeded (the reason), so its
    /// refusals prove nothing.
    Uncontrolled(String),
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
                    swept: None,
                })
                .collect(),
        }
    }

    /// The coverage with each untested tool that the server's refusals (`refusals`, their
    /// texts) name marked as invited, unless it is already a side door of another kind.
    pub fn with_invitations(mut self, refusals: &[String]) -> Coverage {
        let names: Vec<String> = self.untested.iter().map(|u| u.name.clone()).collect();
        let named: Vec<String> = refusals
            .iter()
            .flat_map(|r| invited(&names, r))
            .cloned()
            .collect();
        for u in &mut self.untested {
            if u.side_door.is_none() && named.contains(&u.name) {
                u.side_door = Some(SideDoor::Invited);
            }
        }
        self
    }

    /// The coverage with what the run's sweep did with each untested tool: `attacked`, the
    /// tools whose benign call succeeded; `uncontrolled`, those sent the ways out without
    /// one, each with the reason.
    pub fn with_sweep(
        mut self,
        attacked: &[String],
        uncontrolled: &[(String, String)],
    ) -> Coverage {
        for u in &mut self.untested {
            if attacked.contains(&u.name) {
                u.swept = Some(Swept::Attacked);
            } else if let Some((_, why)) = uncontrolled.iter().find(|(t, _)| *t == u.name) {
                u.swept = Some(Swept::Uncontrolled(why.clone()));
            }
        }
        self
    }

    /// The untested tools that are side doors.
    pub fn side_doors(&self) -> impl Iterator<Item = &Untested> {
        self.untested.iter().filter(|u| u.side_door.is_some())
    }

    /// The untested tools that can undo confinement itself: those that widen the allowed
    /// directories, and those the refusals send the agent to.
    fn fence_doors(&self) -> Vec<&str> {
        self.untested
            .iter()
            .filter(|u| matches!(u.side_door, Some(SideDoor::Widens | SideDoor::Invited)))
            .map(|u| u.name.as_str())
            .collect()
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
            // A tool that widens the allowed directories, untested, leaves nothing to say
            // of confinement but that no case found a way out.
            Confinement::Held(k) if !self.fence_doors().is_empty() => format!(
                "Coverage: no way out was found through {mapped} ({k} case{} tried), but \
                 confinement cannot be said to hold while {} can change it untested",
                if k == 1 { "" } else { "s" },
                self.fence_doors()
                    .iter()
                    .map(|t| format!("`{t}`"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
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
        let swept = |u: &Untested| u.side_door.is_none() && u.swept.is_some();
        let attacked = self.names(|u| swept(u) && u.swept == Some(Swept::Attacked));
        if !attacked.is_empty() {
            each.push(format!(
                "the sweep (SWEEP-001) attacked {}, which no operation maps",
                attacked.join(", ")
            ));
        }
        let uncontrolled = self.names(|u| swept(u) && u.swept != Some(Swept::Attacked));
        if !uncontrolled.is_empty() {
            each.push(format!(
                "the sweep sent {} the ways out, but no call on a path inside succeeded, so \
                 {} refusals prove nothing",
                uncontrolled.join(", "),
                if uncontrolled.len() == 1 {
                    "its"
                } else {
                    "their"
                }
            ));
        }
        let others = self.names(|u| u.side_door.is_none() && u.swept.is_none());
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

    /// The untested tools `keep` keeps, each in backquotes.
    fn names(&self, keep: impl Fn(&Untested) -> bool) -> Vec<String> {
        self.untested
            .iter()
            .filter(|u| keep(u))
            .map(|u| format!("`{}`", u.name))
            .collect()
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
        // A search restricted to code files runs nothing (it was called a script runner).
        assert_eq!(
            door(
                "search_for_pattern",
                &["relative_path", "restrict_search_to_code_files"]
            ),
            None
        );
        assert_eq!(door("run", &["code"]), Some(SideDoor::Script));
        // Tools that widen what the server allows.
        assert_eq!(door("set_root", &["path"]), Some(SideDoor::Widens));
        assert_eq!(
            door("add_allowed_directory", &["path"]),
            Some(SideDoor::Widens)
        );
        assert_eq!(door("setWorkspace", &["dir"]), Some(SideDoor::Widens));
        assert_eq!(door("list_allowed_directories", &[]), None);
        let config = ToolSeen::of(&json!({
            "name": "set_config_value",
            "description": "Set a config key, such as allowedDirectories or blockedCommands.",
            "inputSchema": {"properties": {"key": {}, "value": {}}}
        }));
        assert_eq!(config.as_ref().and_then(side_door), Some(SideDoor::Widens));
        assert_eq!(door("get_config", &[]), None);
        let web = ToolSeen::of(&json!({
            "name": "open",
            "inputSchema": {"properties": {"uri": {"description": "an http(s) address"}}}
        }));
        assert_eq!(web.as_ref().and_then(side_door), Some(SideDoor::Url));
    }

    /// A tool the refusals name is invited, and with it (or a tool that widens the allowed
    /// directories) untested, the sentence never says confinement holds.
    #[test]
    fn an_invited_or_widening_tool_keeps_confinement_unsaid() {
        let offered = [
            tool("read_file", &["path"]),
            tool("grant_folder", &["folder"]),
            tool("stats", &[]),
            tool("list_roots", &[]),
        ];
        let mapped = ["read_file".to_string()];
        let refusals = [
            "Access denied: the path is outside. Call grant_folder first.".to_string(),
            "Path not allowed; see list_roots for the allowed directories.".to_string(),
        ];
        let c = Coverage::of(&offered, &mapped, true).with_invitations(&refusals);
        let doors: Vec<_> = c
            .side_doors()
            .map(|u| (u.name.as_str(), u.side_door))
            .collect();
        // A tool the refusals name that only shows (list_roots) opens nothing.
        assert_eq!(doors, [("grant_folder", Some(SideDoor::Invited))]);
        let s = c.sentence(Confinement::Held(4));
        assert!(!s.contains("confinement holds"), "{s}");
        assert!(
            s.contains("cannot be said to hold while `grant_folder`"),
            "{s}"
        );
        assert!(
            s.contains("`grant_folder` was not tested and is named by the server's refusals"),
            "{s}"
        );
        // A word that only contains the name is no invitation.
        let c = Coverage::of(&offered, &mapped, true)
            .with_invitations(&["grant_folders_unavailable".to_string()]);
        assert!(
            c.sentence(Confinement::Held(4))
                .contains("confinement holds")
        );
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

    /// The sweep's tools are named apart: attacked, or sent the ways out without a control.
    #[test]
    fn the_sentence_says_what_the_sweep_attacked() {
        let offered = [
            tool("read_file", &["path"]),
            tool("directory_sizes", &["path"]),
            tool("file_info", &["path"]),
            tool("get_config", &[]),
        ];
        let mapped = ["read_file".to_string()];
        let attacked = ["read_file", "directory_sizes"].map(String::from);
        let uncontrolled = [("file_info".to_string(), "refused".to_string())];
        let c = Coverage::of(&offered, &mapped, true).with_sweep(&attacked, &uncontrolled);
        assert_eq!(
            c.sentence(Confinement::Held(1)),
            "Coverage: confinement holds for the 1 mapped tool (1 case tried a way out); the \
             sweep (SWEEP-001) attacked `directory_sizes`, which no operation maps; the sweep \
             sent `file_info` the ways out, but no call on a path inside succeeded, so its \
             refusals prove nothing; `get_config` was not tested."
        );
    }
}
