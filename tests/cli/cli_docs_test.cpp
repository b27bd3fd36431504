// The man page and completions written from a CLI's option table (app/cli_docs.hpp): text from
// the table is escaped for the format that prints it, and every visible option is there.
#include "cli_docs.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace drawaudit::app {
namespace {

struct SampleCli {
    CLI::App app{"sample tool", "drawaudit"};
    std::string format, output;
    bool flag = false;
    int hidden = 0;
    SampleCli() {
        app.add_option("--format", format, ".starts with a dot, has a \\ and [brackets]: 'quoted'")
            ->check(CLI::IsMember({"text", "jsonl"}));
        app.add_option("-o,--output", output, "Write here")->type_name("FILE");
        app.add_flag("--flag", flag, "A flag");
        app.add_option("--hidden", hidden, "Not for people")->group("");
        app.add_subcommand("merge", "Merge parts")->add_flag("--all-games", flag, "Every game");
    }
};

TEST(CliDocs, ManPageEscapesRoffControlCharactersOfDescriptions) {
    SampleCli cli;
    const std::string man = cli_docs(cli.app, "man", "9.9.9");
    EXPECT_NE(man.find("\\&.starts with a dot, has a \\e and"), std::string::npos) << man;
    EXPECT_NE(man.find("\\fB\\-o\\fR, \\fB\\-\\-output\\fR \\fIFILE\\fR"), std::string::npos);
    EXPECT_NE(man.find(".SS drawaudit merge"), std::string::npos);
    EXPECT_NE(man.find("\\fB\\-\\-all\\-games\\fR"), std::string::npos);
    EXPECT_NE(man.find("drawaudit 9.9.9"), std::string::npos);
}

TEST(CliDocs, HiddenOptionsAreInNoDocument) {
    SampleCli cli;
    for (const std::string_view kind : CliDocKinds)
        EXPECT_EQ(cli_docs(cli.app, kind, "1").find("hidden"), std::string::npos) << kind;
}

TEST(CliDocs, ZshSpecsEscapeBracketsColonsAndQuotes) {
    SampleCli cli;
    const std::string zsh = cli_docs(cli.app, "zsh", "1");
    EXPECT_NE(zsh.find("'*--format[.starts with a dot, has a \\\\ and \\[brackets\\]\\: '\\''quoted"
                       "'\\'']:TEXT:(text jsonl)'"),
              std::string::npos)
        << zsh;
}

TEST(CliDocs, BashOffersChoicesAfterTheOptionAndFilesForFileValues) {
    SampleCli cli;
    const std::string bash = cli_docs(cli.app, "bash", "1");
    EXPECT_NE(
        bash.find("--format)\n            COMPREPLY=($(compgen -W 'text jsonl' -- \"$cur\"))"),
        std::string::npos)
        << bash;
    EXPECT_NE(bash.find("-o|--output)\n            compopt -o filenames"), std::string::npos);
    EXPECT_NE(bash.find("complete -F _drawaudit drawaudit"), std::string::npos);
}

TEST(CliDocs, FishQuotesDescriptionsAndScopesSubcommandOptions) {
    SampleCli cli;
    const std::string fish = cli_docs(cli.app, "fish", "1");
    EXPECT_NE(fish.find("has a \\\\ and [brackets]: \\'quoted\\''"), std::string::npos) << fish;
    EXPECT_NE(fish.find("-n '__fish_seen_subcommand_from merge' -l all-games"), std::string::npos);
}

// Issue 31: --help shows value names, never CLI11's type names, ranges, sets or flag defaults,
// in the app and in its subcommands.
TEST(PlainHelp, ShowsValueNamesWithoutTypeNoise) {
    CLI::App app{"sample tool", "drawaudit"};
    std::string format, fen;
    unsigned jobs = 0;
    bool progress = false;
    std::vector<std::string> severity;
    app.add_option("--format", format, "Format")
        ->check(CLI::IsMember({"text", "jsonl"}))
        ->capture_default_str()
        ->type_name("FORMAT");
    app.add_option("-j,--jobs", jobs, "Threads")->check(CLI::Range(1u, 1024u))->type_name("N");
    app.add_flag("--progress,!--no-progress", progress, "Progress");
    app.add_option("--severity", severity, "Levels")->type_name("RULE=LEVEL");
    CLI::App* sub = app.add_subcommand("winnable", "Positions");
    sub->add_option("--fen", fen, "A position");  // no value name given: VALUE
    use_plain_help(app);
    const std::string help = app.help();
    const std::string sub_help = sub->help();
    for (const std::string_view noise :
         {"TEXT", "UINT", "{false}", "in [", "{text,jsonl}", "=text"}) {
        EXPECT_EQ(help.find(noise), std::string::npos) << noise << "\n" << help;
        EXPECT_EQ(sub_help.find(noise), std::string::npos) << noise << "\n" << sub_help;
    }
    EXPECT_NE(help.find("--format FORMAT "), std::string::npos) << help;
    EXPECT_NE(help.find("-j,--jobs N "), std::string::npos) << help;
    EXPECT_NE(help.find("--progress,--no-progress "), std::string::npos) << help;
    EXPECT_NE(help.find("--severity RULE=LEVEL ..."), std::string::npos) << help;
    EXPECT_NE(sub_help.find("--fen VALUE "), std::string::npos) << sub_help;
    // The man page still reads the choices from the option table.
    EXPECT_NE(cli_docs(app, "bash", "1").find("compgen -W 'text jsonl'"), std::string::npos);
}

}  // namespace
}  // namespace drawaudit::app
