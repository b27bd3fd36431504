#include "cli_docs.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string_view>
#include <vector>

#include "audit/finding.hpp"

namespace drawaudit::app {

namespace {

// What a shell may offer as an option's value.
enum class ValueKind { None, Choice, Rule, File, Free };

struct OptionDoc {
    std::vector<std::string> names;  // "-o", "--output"; for a positional, its name
    std::string value_name;          // "FILE", "N"; empty for a flag
    std::vector<std::string> choices;
    ValueKind kind = ValueKind::None;
    std::string description;
    bool positional = false;
};

struct CommandDoc {
    std::string name;  // empty for the audit itself
    std::string description;
    std::vector<OptionDoc> options;
};

// The {a,b,c} set that CLI::IsMember writes into an option's type name.
std::vector<std::string> member_choices(const std::string& type_name) {
    std::vector<std::string> choices;
    const auto open = type_name.find('{');
    const auto close = type_name.find('}', open);
    if (open == std::string::npos || close == std::string::npos) return choices;
    std::string current;
    for (std::size_t i = open + 1; i < close; ++i) {
        if (type_name[i] == ',') {
            choices.push_back(current);
            current.clear();
        } else {
            current += type_name[i];
        }
    }
    if (!current.empty()) choices.push_back(current);
    return choices;
}

ValueKind value_kind(const std::string& value_name, const std::vector<std::string>& choices) {
    if (value_name.empty()) return ValueKind::None;
    if (!choices.empty()) return ValueKind::Choice;
    if (value_name.starts_with("RULE")) return ValueKind::Rule;
    if (value_name == "FILE" || value_name == "PATH" || value_name == "PART" ||
        value_name == "TEXT")
        return ValueKind::File;  // TEXT: --config, --positions; a file is the likely answer
    return ValueKind::Free;      // numbers, K/N, a FEN
}

OptionDoc option_doc(const CLI::Option& option) {
    OptionDoc doc;
    doc.positional = !option.nonpositional();
    if (doc.positional) {
        doc.names.push_back(option.get_name());
    } else {
        for (const auto& name : option.get_snames()) doc.names.push_back("-" + name);
        for (const auto& name : option.get_lnames()) doc.names.push_back("--" + name);
    }
    const std::string type_name = option.get_type_name();
    if (option.get_items_expected_max() != 0 || doc.positional) {  // a flag expects none
        doc.value_name = type_name.substr(0, type_name.find(':'));
        if (doc.value_name.empty()) doc.value_name = "VALUE";
    }
    doc.choices = member_choices(type_name);
    doc.kind = value_kind(doc.value_name, doc.choices);
    doc.description = option.get_description();
    return doc;
}

CommandDoc command_doc(const CLI::App& app, std::string name) {
    CommandDoc doc{std::move(name), app.get_description(), {}};
    for (const CLI::Option* option : app.get_options()) {
        if (option->get_group().empty()) continue;  // hidden (--chunk-bytes, --print-cli-docs)
        doc.options.push_back(option_doc(*option));
        if (option == app.get_config_ptr()) {  // its type name is empty: a TOML file
            doc.options.back().value_name = "FILE";
            doc.options.back().kind = ValueKind::File;
        }
    }
    return doc;
}

std::vector<CommandDoc> all_commands(const CLI::App& app) {
    std::vector<CommandDoc> commands{command_doc(app, "")};
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        commands.push_back(command_doc(*sub, sub->get_name()));
    return commands;
}

std::vector<std::string> rule_ids() {
    std::vector<std::string> ids;
    for (int i = 0; i < audit::RuleCount; ++i)
        ids.emplace_back(audit::rule_id(static_cast<audit::Rule>(i)));
    return ids;
}

std::string joined(const std::vector<std::string>& words, std::string_view separator) {
    std::string out;
    for (const auto& word : words) out += (out.empty() ? "" : std::string(separator)) + word;
    return out;
}

// The description up to its example, for the one line a completion menu shows.
std::string short_description(const std::string& description) {
    std::string text = description.substr(0, description.find(" (e.g."));
    if (text.size() > 90) text = text.substr(0, text.rfind(' ', 87)) + "...";
    return text;
}

// ---- man page (roff) ----

std::string roff(std::string_view text) {
    std::string out;
    bool line_start = true;
    for (const char c : text) {
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        line_start = c == '\n';
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
    }
    return out;
}

void man_options(std::string& out, const CommandDoc& command) {
    for (const OptionDoc& option : command.options) {
        out += ".TP\n";
        if (option.positional) {
            out += "\\fI" + roff(option.value_name) + "\\fR ...\n";
        } else {
            std::string names;
            for (const auto& name : option.names)
                names += (names.empty() ? "" : ", ") + ("\\fB" + roff(name) + "\\fR");
            if (!option.value_name.empty()) names += " \\fI" + roff(option.value_name) + "\\fR";
            out += names + "\n";
        }
        out += roff(option.description) + "\n";
        if (!option.choices.empty())
            out += ".br\nOne of: " + roff(joined(option.choices, ", ")) + ".\n";
    }
}

std::string man_page(const std::vector<CommandDoc>& commands, std::string_view version) {
    std::string out;
    out += ".\\\" Generated by `drawaudit --print-cli-docs man` from the CLI's option table.\n";
    out += ".TH DRAWAUDIT 1 \"\" \"drawaudit " + roff(version) + "\" \"User Commands\"\n";
    out += ".nh\n.ad l\n";  // option names and rule ids are not to be hyphenated
    out +=
        ".SH NAME\ndrawaudit \\- audit PGN chess games against the draw rules of the FIDE Laws "
        "of Chess\n";
    out += ".SH SYNOPSIS\n.B drawaudit\n[\\fIOPTIONS\\fR] \\fIPATH\\fR ...\n";
    for (std::size_t i = 1; i < commands.size(); ++i)
        out += ".br\n.B drawaudit " + roff(commands[i].name) + "\n[\\fIOPTIONS\\fR]" +
               (commands[i].name == "merge" ? " \\fIPART\\fR ..." : "") + "\n";
    out += ".SH DESCRIPTION\n" + roff(commands.front().description) + ".\n";
    out +=
        ".PP\nEach game is replayed move by move; every claim, automatic draw, checkmate, "
        "stalemate and dead position is checked against the Laws, and the result tag "
        "against the final position. The findings are written in the chosen format; "
        "the rule ids are:\n.PP\n" +
        roff(joined(rule_ids(), ", ")) + ".\n";
    out += ".SH OPTIONS\n";
    man_options(out, commands.front());
    out += ".SH COMMANDS\n";
    for (std::size_t i = 1; i < commands.size(); ++i) {
        out += ".SS drawaudit " + roff(commands[i].name) + "\n" + roff(commands[i].description) +
               ".\n";
        man_options(out, commands[i]);
    }
    out +=
        ".SH EXIT STATUS\n"
        ".TP\n.B 0\nNo finding at or above the \\fB\\-\\-fail\\-on\\fR level.\n"
        ".TP\n.B 1\nFindings at or above it (by default: at error level).\n"
        ".TP\n.B 2\nA usage error, or an input or output that could not be read or "
        "written.\n"
        ".TP\n.B 130\nInterrupted (SIGINT or SIGTERM); no partial output file is left.\n";
    out +=
        ".SH FILES\n.TP\n.I .drawaudit.toml\nRead from the current directory when present "
        "(or the file of \\fB\\-\\-config\\fR): TOML whose keys are the long option names, "
        "e.g. \\fBfail\\-on = \"warning\"\\fR.\n";
    out +=
        ".SH EXAMPLES\n"
        ".TP\n.B drawaudit games.pgn\nThe arbiter's text report of one file.\n"
        ".TP\n.B drawaudit \\-\\-format sarif \\-o drawaudit.sarif archive/\n"
        "Every *.pgn* file under archive/, as SARIF for code scanning.\n"
        ".TP\n.B zstdcat month.pgn.zst | drawaudit \\-\\-format jsonl \\-\n"
        "Standard input, one JSON record per line.\n"
        ".TP\n.B drawaudit \\-\\-shard 1/4 \\-\\-format jsonl \\-o part1.jsonl archive/\n"
        "One part of four; \\fBdrawaudit merge part*.jsonl\\fR writes the whole report.\n"
        ".TP\n.B drawaudit winnable \\-\\-fen \\(dq8/8/8/8/8/2k5/8/K1B5 w \\- \\- 0 1\\(dq\n"
        "Whether each side can still checkmate.\n";
    out +=
        ".SH SEE ALSO\n"
        "How each article of the Laws is read, and every rule id: docs/rules.md beside "
        "the README (/usr/share/doc/drawaudit/docs/rules.md when installed from the "
        "package).\n";
    return out;
}

// ---- bash ----

std::string shell_words(const std::vector<std::string>& words) {
    return "'" + joined(words, " ") + "'";
}

void bash_command(std::string& out, const CommandDoc& command,
                  const std::vector<std::string>& subcommands) {
    out += "        case $prev in\n";
    std::vector<std::string> all_names;
    for (const OptionDoc& option : command.options) {
        if (option.positional) continue;
        all_names.insert(all_names.end(), option.names.begin(), option.names.end());
        if (option.kind == ValueKind::None) continue;
        out += "        " + joined(option.names, "|") + ")\n            ";
        switch (option.kind) {
            case ValueKind::Choice:
                out += "COMPREPLY=($(compgen -W " + shell_words(option.choices) + " -- \"$cur\"))";
                break;
            case ValueKind::Rule:
                out += "COMPREPLY=($(compgen -W " + shell_words(rule_ids()) + " -- \"$cur\"))";
                break;
            case ValueKind::File:
                out += "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))";
                break;
            default:
                out += ":";
                break;
        }
        out += "\n            return ;;\n";
    }
    out += "        esac\n";
    out += "        if [[ $cur == -* ]]; then\n            COMPREPLY=($(compgen -W " +
           shell_words(all_names) + " -- \"$cur\"))\n            return\n        fi\n";
    const bool takes_files = std::any_of(command.options.begin(), command.options.end(),
                                         [](const OptionDoc& option) { return option.positional; });
    if (!subcommands.empty())
        out += "        COMPREPLY=($(compgen -W " + shell_words(subcommands) + " -- \"$cur\"))\n";
    if (takes_files)
        out +=
            "        compopt -o filenames 2>/dev/null\n"
            "        COMPREPLY+=($(compgen -f -- \"$cur\"))\n";
}

std::string bash_completion(const std::vector<CommandDoc>& commands) {
    std::vector<std::string> subcommands;
    for (std::size_t i = 1; i < commands.size(); ++i) subcommands.push_back(commands[i].name);
    std::string out =
        "# bash completion for drawaudit. Generated by `drawaudit --print-cli-docs bash` from the "
        "CLI's option table.\n"
        "_drawaudit() {\n"
        "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
        "    local command='' word\n"
        "    COMPREPLY=()\n"
        "    for word in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do\n"
        "        case $word in\n"
        "        " +
        joined(subcommands, "|") +
        ") command=$word; break ;;\n"
        "        esac\n"
        "    done\n"
        "    case $command in\n";
    for (std::size_t i = 0; i < commands.size(); ++i) {
        out += "    " + (i == 0 ? std::string("''") : commands[i].name) + ")\n";
        bash_command(out, commands[i], i == 0 ? subcommands : std::vector<std::string>{});
        out += "        ;;\n";
    }
    out += "    esac\n}\ncomplete -F _drawaudit drawaudit\n";
    return out;
}

// ---- zsh ----

std::string zsh_quoted(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '\'')
            out += "'\\''";
        else if (c == '[' || c == ']' || c == ':' || c == '\\')
            out += std::string("\\") + c;
        else
            out += c;
    }
    return out;
}

void zsh_command(std::string& out, const CommandDoc& command, const std::string& function,
                 const std::vector<std::string>& subcommands) {
    out += function + "() {\n    _arguments -s -S \\\n";
    for (const OptionDoc& option : command.options) {
        if (option.positional) {
            if (subcommands.empty())
                out += "        '*:" + zsh_quoted(option.value_name) + ":_files' \\\n";
            else
                out += "        '*:" + zsh_quoted(option.value_name) +
                       " or command:{_alternative \"commands:command:(" + joined(subcommands, " ") +
                       ")\" \"files:file:_files\"}' \\\n";
            continue;
        }
        std::string action;
        switch (option.kind) {
            case ValueKind::Choice:
                action = "(" + joined(option.choices, " ") + ")";
                break;
            case ValueKind::Rule:
                action = "(" + joined(rule_ids(), " ") + ")";
                break;
            case ValueKind::File:
                action = "_files";
                break;
            default:
                action = " ";
                break;
        }
        for (const auto& name : option.names) {
            out +=
                "        '*" + name + "[" + zsh_quoted(short_description(option.description)) + "]";
            if (option.kind != ValueKind::None)
                out += ":" + zsh_quoted(option.value_name) + ":" + action;
            out += "' \\\n";
        }
    }
    out += "        && return 0\n}\n";
}

std::string zsh_completion(const std::vector<CommandDoc>& commands) {
    std::vector<std::string> subcommands;
    for (std::size_t i = 1; i < commands.size(); ++i) subcommands.push_back(commands[i].name);
    std::string out =
        "#compdef drawaudit\n"
        "# zsh completion for drawaudit. Generated by `drawaudit --print-cli-docs zsh` from the "
        "CLI's option table.\n";
    for (std::size_t i = 1; i < commands.size(); ++i)
        zsh_command(out, commands[i], "_drawaudit_" + commands[i].name, {});
    zsh_command(out, commands.front(), "_drawaudit_audit", subcommands);
    out +=
        "_drawaudit() {\n    local i\n    for (( i = 2; i < CURRENT; i++ )); do\n"
        "        case ${words[i]} in\n";
    for (const auto& name : subcommands)
        out += "        " + name +
               ")\n            shift $(( i - 1 )) words\n"
               "            (( CURRENT -= i - 1 ))\n            _drawaudit_" +
               name + "\n            return ;;\n";
    out += "        esac\n    done\n    _drawaudit_audit\n}\n_drawaudit \"$@\"\n";
    return out;
}

// ---- fish ----

std::string fish_quoted(std::string_view text) {
    std::string out = "'";
    for (const char c : text) {
        if (c == '\'' || c == '\\') out += '\\';
        out += c;
    }
    return out + "'";
}

std::string fish_completion(const std::vector<CommandDoc>& commands) {
    std::vector<std::string> subcommands;
    for (std::size_t i = 1; i < commands.size(); ++i) subcommands.push_back(commands[i].name);
    const std::string all = joined(subcommands, " ");
    std::string out =
        "# fish completion for drawaudit. Generated by `drawaudit --print-cli-docs fish` from the "
        "CLI's option table.\n";
    for (std::size_t i = 1; i < commands.size(); ++i)
        out += "complete -c drawaudit -n " + fish_quoted("not __fish_seen_subcommand_from " + all) +
               " -f -a " + commands[i].name + " -d " +
               fish_quoted(short_description(commands[i].description)) + "\n";
    for (std::size_t i = 0; i < commands.size(); ++i) {
        const std::string condition = i == 0 ? "not __fish_seen_subcommand_from " + all
                                             : "__fish_seen_subcommand_from " + commands[i].name;
        for (const OptionDoc& option : commands[i].options) {
            if (option.positional) continue;
            std::string line = "complete -c drawaudit -n " + fish_quoted(condition);
            for (const auto& name : option.names)
                line +=
                    (name.starts_with("--") ? " -l " + name.substr(2) : " -s " + name.substr(1));
            switch (option.kind) {
                case ValueKind::Choice:
                    line += " -x -a " + fish_quoted(joined(option.choices, " "));
                    break;
                case ValueKind::Rule:
                    line += " -x -a " + fish_quoted(joined(rule_ids(), " "));
                    break;
                case ValueKind::File:
                    line += " -r -F";
                    break;
                case ValueKind::Free:
                    line += " -x";
                    break;
                case ValueKind::None:
                    break;
            }
            out += line + " -d " + fish_quoted(short_description(option.description)) + "\n";
        }
    }
    return out;
}

}  // namespace

std::string cli_docs(const CLI::App& app, std::string_view kind, std::string_view version) {
    const std::vector<CommandDoc> commands = all_commands(app);
    if (kind == "man") return man_page(commands, version);
    if (kind == "bash") return bash_completion(commands);
    if (kind == "zsh") return zsh_completion(commands);
    if (kind == "fish") return fish_completion(commands);
    return {};
}

namespace {

// CLI11's own names for a value's type, shown when an option was given no name of its own.
bool is_type_noise(std::string_view name) {
    for (const std::string_view noise :
         {"TEXT", "INT", "UINT", "FLOAT", "ENUM", "BOOLEAN", "NUMBER"})
        if (name == noise) return true;
    return false;
}

class PlainHelp final : public CLI::Formatter {
  public:
    // "--progress,--no-progress{false}": the names without CLI11's default values in braces.
    std::string make_option_name(const CLI::Option* option, bool positional) const override {
        std::string names = CLI::Formatter::make_option_name(option, positional);
        for (auto open = names.find('{'); open != std::string::npos; open = names.find('{')) {
            const auto close = names.find('}', open);
            if (close == std::string::npos) break;
            names.erase(open, close - open + 1);
        }
        return names;
    }

    std::string make_option_opts(const CLI::Option* option) const override {
        std::string out;
        if (option->get_items_expected_max() != 0) {  // a flag takes no value
            const std::string type_name = option->get_type_name();
            std::string value = type_name.substr(0, type_name.find(':'));
            if (value.empty() || is_type_noise(value)) value = "VALUE";
            out += " " + value;
            const bool repeats =
                option->get_expected_max() >= CLI::detail::expected_max_vector_size;
            if (repeats && value.find("...") == std::string::npos) out += " ...";
            if (option->get_required()) out += " (required)";
        }
        if (!option->get_excludes().empty()) {
            out += " (not with";
            for (const CLI::Option* other : option->get_excludes()) out += " " + other->get_name();
            out += ")";
        }
        return out;
    }
};

void set_plain_help(CLI::App& app, const std::shared_ptr<PlainHelp>& formatter) {
    app.formatter(formatter);
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        set_plain_help(*sub, formatter);
}

}  // namespace

void use_plain_help(CLI::App& app) {
    set_plain_help(app, std::make_shared<PlainHelp>());
}

void add_cli_docs_option(CLI::App& app, std::string version) {
    app.add_option_function<std::string>(
           "--print-cli-docs",
           [&app, version = std::move(version)](const std::string& kind) {
               const std::string text = cli_docs(app, kind, version);
               if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
                   std::fflush(stdout) != 0)
                   throw CLI::RuntimeError("could not write the document", 2);
               throw CLI::Success();
           },
           "Print the man page or a shell completion, for the build")
        ->check(CLI::IsMember(std::vector<std::string>(std::begin(CliDocKinds),
                                                       std::end(CliDocKinds))))
        ->configurable(false)
        ->group("");  // hidden: for the build, not for people
}

}  // namespace drawaudit::app
