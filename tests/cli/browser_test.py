#!/usr/bin/env python3
"""The HTML report of sample_pgns/ opened in a real browser (Debian's chromium, headless).

    browser_test.py --binary BUILD/app/drawaudit --root REPO [--screenshot FILE]

Checks the DOM after rendering (one board per distinct finding position, every in-page link
resolves to an element id), that the page made no network request (chromium's net log: no
request with the page as initiator; and the HTML holds no external src/href/url()), and takes a
screenshot that must not be blank (its pixels are decoded and must vary). A control page with one
external image proves that the net-log check can fail.

Then prints the report to PDF on Letter and on A4 (chromium --print-to-pdf; the paper set by an
@page rule added to a copy) and checks, from the text of each page (pdftotext), the rule of the
round on paper: page 1 is the summary and names no game; from page 2 on, every page names exactly
one game (its header, "FILE, game N", repeated on each page the game takes); the games named are
the games with findings, in input order, each on consecutive pages starting a page of its own; a
game with at most SHORT_BOARDS finding positions and SHORT_PLIES plies takes exactly one page;
the first page of a game holds its first finding (the header is never alone).
So the page count is 1 + the games with findings + the pages that continue a long game. With
--all-games the round's sheet follows the summary: it names every game of the round, and the
games with findings follow it by the same rule. Exit 77 (a skip for ctest) when chromium or
pdftotext (poppler-utils) is not installed.
"""

import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SKIP = 77
SAMPLES = "sample_pgns"
# A game this small fits on one printed page (its header, verdict, timeline, moves and boards).
SHORT_BOARDS = 4
SHORT_PLIES = 120


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def chromium_binary():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run_chromium(chromium, url, workdir, *extra):
    """Runs headless chromium with a fresh profile; returns (stdout, net log events)."""
    profile = tempfile.mkdtemp(dir=workdir, prefix="profile-")
    net_log = os.path.join(workdir, f"net-{len(os.listdir(workdir))}.json")
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--no-first-run", f"--user-data-dir={profile}", f"--log-net-log={net_log}",
               *extra, url]
    completed = subprocess.run(command, capture_output=True, timeout=300)
    check(completed.returncode == 0,
          f"chromium exit {completed.returncode}:\n{completed.stderr.decode(errors='replace')[-3000:]}")
    with open(net_log, encoding="utf-8") as f:
        log = json.load(f)
    return completed.stdout, log


def page_requests(log):
    """URLs of network requests the page started (chromium's own ones are 'not an origin')."""
    names = {number: name for name, number in log["constants"]["logEventTypes"].items()}
    urls = []
    for event in log["events"]:
        if names.get(event["type"]) != "URL_REQUEST_START_JOB":
            continue
        params = event.get("params", {})
        url = params.get("url", "")
        if re.match(r"(?i)(https?|wss?|ftp)://", url) and params.get("initiator") != "not an origin":
            urls.append(url)
    return urls


def png_pixels(path):
    """(width, height, rows of RGB(A) bytes) of an 8-bit PNG, decoded with zlib."""
    with open(path, "rb") as f:
        data = f.read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    check(depth == 8 and colour in (2, 6) and interlace == 0, f"unexpected PNG format {header}")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def expected_boards(binary, root):
    """Distinct positions (game, ply, FEN) that findings stand at, from the JSON Lines report."""
    completed = subprocess.run([binary, "--format", "jsonl", "--no-progress", SAMPLES], cwd=root,
                               capture_output=True, timeout=300)
    positions = set()
    for line in completed.stdout.decode("utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "finding" and record.get("fen"):
            positions.add((record["file"], record["game"], record["ply"], record["fen"]))
    return len(positions)


def round_games(binary, root):
    """The games of the sample round in input order: (file, game, plies, finding positions), and
    which of them have findings."""
    completed = subprocess.run([binary, "--format", "jsonl", "--no-progress", SAMPLES], cwd=root,
                               capture_output=True, timeout=300)
    games, positions, with_findings = [], {}, set()
    for line in completed.stdout.decode("utf-8").splitlines():
        record = json.loads(line)
        key = (record.get("file"), record.get("game"))
        if record.get("type") == "finding":
            with_findings.add(key)
            if record.get("fen"):
                positions.setdefault(key, set()).add((record["ply"], record["fen"]))
        elif record.get("type") == "game":
            games.append((key[0], key[1], record.get("plies") or 0))
    return [(file, game, plies, len(positions.get((file, game), ()))) for file, game, plies in games
            ], with_findings


def pdf_pages(chromium, html_path, paper, workdir):
    """The text of each page of `html_path` printed on `paper` (an @page size), whitespace folded."""
    with open(html_path, encoding="utf-8") as f:
        html = f.read()
    printed = os.path.join(workdir, f"print-{paper}.html")
    with open(printed, "w", encoding="utf-8") as f:
        f.write(html.replace("</head>", f"<style>@page{{size:{paper}}}</style></head>", 1))
    pdf = os.path.join(workdir, f"report-{paper}.pdf")
    run_chromium(chromium, "file://" + printed, workdir, "--no-pdf-header-footer",
                 f"--print-to-pdf={pdf}")
    completed = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, timeout=300)
    check(completed.returncode == 0, f"pdftotext exit {completed.returncode}")
    pages = completed.stdout.decode("utf-8").split("\f")
    if pages and not pages[-1].strip():
        pages.pop()  # the form feed after the last page
    return [" ".join(page.split()) for page in pages]


def games_named(page):
    """The game headers on a page: (file, game) of each "FILE, game N"."""
    return [(file, int(game)) for file, game in
            re.findall(r"(%s/[\w.-]+\.pgn), game (\d+)(?!\d)" % SAMPLES, page)]


def check_game_pages(pages, games, with_findings, paper):
    """The rule of the docstring for the pages after the summary (and sheet); returns how many
    pages continue a long game."""
    expected = [(file, game) for file, game, _, _ in games if (file, game) in with_findings]
    size = {(file, game): (plies, boards) for file, game, plies, boards in games}
    runs = []  # [game, pages]
    for number, page in enumerate(pages, start=1):
        named = set(games_named(page))
        check(len(named) == 1, f"{paper} page {number} names {len(named)} games: {sorted(named)}")
        game = named.pop()
        if runs and runs[-1][0] == game:
            runs[-1][1] += 1
        else:
            runs.append([game, 1])
            # The header stays with the first finding: the "Findings" heading is followed on
            # this page by a finding (its severity tag).
            after = page[page.rfind("Findings") + len("Findings"):] if "Findings" in page else ""
            check(re.search(r"\[(warning|error)\]|\binfo\b", after),
                  f"{paper} page {number}: {game[0]} game {game[1]} begins without a finding")
    order = [game for game, _ in runs]
    if order != expected:
        apart = next((a, b) for a, b in zip(order + [None], expected + [None]) if a != b)
        raise Failure(f"{paper}: the games on paper are not the games with findings in order "
                      f"({len(order)} runs, {len(expected)} games; first apart: {apart})")
    for game, count in runs:
        plies, boards = size[game]
        if boards <= SHORT_BOARDS and plies <= SHORT_PLIES:
            check(count == 1, f"{paper}: {game[0]} game {game[1]} ({boards} boards, {plies} "
                  f"plies) takes {count} pages")
    return sum(count - 1 for _, count in runs)


def check_print(chromium, binary, root, workdir, env):
    """The round on paper, Letter and A4, without and with --all-games."""
    games, with_findings = round_games(binary, root)
    report = os.path.join(workdir, "print.html")
    sheet = os.path.join(workdir, "sheet.html")
    for path, extra in ((report, []), (sheet, ["--all-games"])):
        completed = subprocess.run([binary, "--format", "html", "--no-progress", *extra, "-o",
                                    path, SAMPLES], cwd=root, capture_output=True, env=env,
                                   timeout=300)
        check(completed.returncode in (0, 1), f"drawaudit exit {completed.returncode}")
    summary = []
    for paper in ("letter", "A4"):
        pages = pdf_pages(chromium, report, paper, workdir)
        check(pages and not games_named(pages[0]), f"{paper}: page 1 is not the summary alone")
        longer = check_game_pages(pages[1:], games, with_findings, paper)
        check(len(pages) == 1 + len(with_findings) + longer,
              f"{paper}: {len(pages)} pages")
        summary.append(f"{paper} {len(pages)} pages ({len(with_findings)} games, "
                       f"{longer} continued)")
    pages = pdf_pages(chromium, sheet, "A4", workdir)
    first_game = next(i for i, page in enumerate(pages) if games_named(page))
    check(first_game >= 2, "--all-games: no sheet page between the summary and the games")
    sheet_text = " ".join(pages[1:first_game])
    rows = re.findall(r'<tr class="worst-[a-z]+"><td>(\d+)</td>', open(sheet, encoding="utf-8").read())
    check(rows == [str(n) for n in range(1, len(games) + 1)],
          f"--all-games: the sheet has {len(rows)} rows, the round {len(games)} games")
    # A result as written may hold a colon ("1:0", result-tag-invalid); the verdict follows ": ".
    verdicts = len(re.findall(r"\bResult (?:[^:]|:(?! )){1,24}: ", sheet_text))
    check(verdicts == len(games), f"--all-games: {verdicts} verdicts printed in the sheet, "
          f"{len(games)} games in the round")
    check_game_pages(pages[first_game:], games, with_findings, "A4 --all-games")
    summary.append(f"A4 --all-games {len(pages)} pages (sheet {first_game - 1})")
    return "; ".join(summary)


def check_claim_page(chromium, binary, root, workdir, env):
    """Issue 27: `drawaudit claim --format html` renders, self-contained, with a board for each
    occurrence and each look-alike of the claimed position, the difference named beside it."""
    args = ["claim", "sample_pgns/threefold.pgn", "--game", "7", "--at", "5... Ke8"]
    ruling = subprocess.run([binary, *args, "--format", "json"], cwd=root, capture_output=True,
                            env=env, timeout=60)
    check(ruling.returncode == 1, f"claim exit {ruling.returncode}: {ruling.stderr.decode()}")
    record = json.loads(ruling.stdout)
    page = subprocess.run([binary, *args, "--format", "html"], cwd=root, capture_output=True,
                          env=env, timeout=60)
    check(page.returncode == 1, f"claim --format html exit {page.returncode}")
    html = page.stdout.decode("utf-8")
    external = re.findall(r"""(?i)\b(?:src|href|xlink:href|action|srcset)\s*=""", html)
    check(not external, f"the claim page refers outside itself: {external[:5]}")
    check("<script" not in html.lower(), "the claim page has a script")
    path = os.path.join(workdir, "claim.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)
    dom, log = run_chromium(chromium, "file://" + path, workdir, "--dump-dom")
    dom = dom.decode("utf-8")
    check(not page_requests(log), "the claim page made network requests")
    boards = len(re.findall(r'<svg class="board"', dom))
    threefold = record["threefold"]
    expected = len(threefold["occurrences"]) + len(threefold["look_alikes"])
    check(boards == expected, f"{boards} boards on the claim page, expected {expected}")
    look_alikes = len(re.findall(r'<figure class="position look-alike">', dom))
    check(look_alikes == len(threefold["look_alikes"]) == 1, f"{look_alikes} look-alike boards")
    check("White could still castle kingside" in dom, "the look-alike's difference is not named")
    return boards


def check_watch_page(chromium, binary, root, workdir, env):
    """Issue 28: the page of `drawaudit watch --html` in the browser: one tile per game of the
    samples, the boards with an alert first, reloading itself (meta refresh), no script and no
    request. Returns what it saw, for the summary line."""
    page = os.path.join(workdir, "watch.html")
    completed = subprocess.run([binary, "watch", "--once", "--html", page, SAMPLES], cwd=root,
                               capture_output=True, env=env, timeout=300)
    check(completed.returncode in (0, 1), f"drawaudit watch exit {completed.returncode}: "
          f"{completed.stderr.decode(errors='replace')}")
    with open(page, encoding="utf-8") as f:
        html = f.read()
    check("<script" not in html.lower(), "the watch page has a script")
    check(re.search(r'<meta http-equiv="refresh" content="\d+">', html), "the watch page does not reload itself")
    external = re.findall(r"""(?i)\b(?:src|href|action|srcset)\s*=""", html)
    check(not external, f"the watch page refers to something: {external[:5]}")
    games = subprocess.run([binary, "--format", "jsonl", "--no-progress", SAMPLES], cwd=root,
                           capture_output=True, env=env, timeout=300).stdout.decode()
    expected = sum(1 for line in games.splitlines() if '"type":"game"' in line)
    dom, log = run_chromium(chromium, "file://" + page, workdir, "--dump-dom")
    dom = dom.decode("utf-8")
    check(not page_requests(log), "the watch page made network requests")
    tiles = re.findall(r'<section class="(tile(?: alert)?)">', dom)
    check(len(tiles) == expected, f"{len(tiles)} tiles on the watch page, {expected} games")
    alerts = tiles.count("tile alert")
    check(alerts > 0 and tiles[:alerts] == ["tile alert"] * alerts,
          "the boards with an alert do not come first on the watch page")
    return f"watch page {len(tiles)} tiles, {alerts} with alerts"


def check_trf_page(chromium, binary, root, workdir, env):
    """Issue 29: the report of a round with --trf (tests/cli/fixtures' Kazan round and its wrongly
    keyed TRF) in the browser: each game section with a pairing shows it, the TRF's own findings
    have their section, every in-page link resolves, no request. Returns what it saw."""
    args = ["--no-progress", "--trf", "tests/cli/fixtures/wgp-kazan-2012-typed.trf",
            "tests/cli/fixtures/wgp-kazan-2012.pgn"]
    page = subprocess.run([binary, *args, "--format", "html"], cwd=root, capture_output=True,
                          env=env, timeout=300)
    check(page.returncode == 1, f"--trf --format html exit {page.returncode}")
    html = page.stdout.decode("utf-8")
    external = re.findall(r"""(?i)\b(?:src|href|xlink:href|action|srcset)\s*=\s*"""
                          r"""(?:"(?!#)[^"]*"|'(?!#)[^']*'|(?![#"'])[^\s>]+)""", html)
    check(not external and "<script" not in html.lower(), f"the --trf page refers outside itself: {external[:5]}")
    records = [json.loads(line) for line in subprocess.run(
        [binary, *args, "--format", "jsonl"], cwd=root, capture_output=True, env=env,
        timeout=300).stdout.decode().splitlines()]
    with_findings = {r["game"] for r in records if r["type"] == "finding" and r["game"] is not None}
    expected = sum(1 for r in records if r["type"] == "game" and r["pairing"] is not None
                   and r["game"] in with_findings)
    path = os.path.join(workdir, "trf.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)
    dom, log = run_chromium(chromium, "file://" + path, workdir, "--dump-dom")
    dom = dom.decode("utf-8")
    check(not page_requests(log), "the --trf page made network requests")
    pairings = len(re.findall(r'<dd class="pairing">', dom))
    check(pairings == expected, f"{pairings} pairings shown, {expected} game sections with one")
    check('<section class="game trf" id="trf">' in dom, "the TRF's own findings have no section")
    ids = set(re.findall(r'\bid="([^"]+)"', dom))
    dangling = sorted({link for link in re.findall(r'\bhref="#([^"]*)"', dom) if link not in ids})
    check(not dangling, f"--trf page: links without a target: {dangling[:10]}")
    return f"--trf page {pairings} pairings"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--screenshot", help="keep the screenshot here")
    args = parser.parse_args()
    chromium = chromium_binary()
    if chromium is None:
        print("SKIP browser test: chromium is not installed (scripts/deps.sh installs it)")
        return SKIP
    if shutil.which("pdftotext") is None:
        print("SKIP browser test: pdftotext is not installed (poppler-utils; scripts/deps.sh "
              "installs it)")
        return SKIP
    binary, root = os.path.abspath(args.binary), os.path.abspath(args.root)
    workdir = tempfile.mkdtemp(prefix="drawaudit-browser-")
    try:
        report = os.path.join(workdir, "report.html")
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        env.pop("LANG", None)
        completed = subprocess.run([binary, "--format", "html", "--no-progress", "-o", report,
                                    SAMPLES], cwd=root, capture_output=True, env=env, timeout=300)
        check(completed.returncode in (0, 1), f"drawaudit exit {completed.returncode}: "
              f"{completed.stderr.decode(errors='replace')}")
        with open(report, encoding="utf-8") as f:
            html = f.read()

        # Nothing in the file points outside it (the SVG namespace is a name, not a request).
        external = re.findall(r"""(?i)\b(?:src|href|xlink:href|action|srcset)\s*=\s*"""
                              r"""(?:"(?!#)[^"]*"|'(?!#)[^']*'|(?![#"'])[^\s>]+)""", html)
        check(not external, f"external references in the HTML: {external[:5]}")
        urls = re.findall(r"(?i)url\(\s*['\"]?(?!#)([^)'\"]*)", html)
        check(not urls, f"external url() in the CSS: {urls[:5]}")
        check("<script" not in html.lower(), "the report has a script")

        url = "file://" + report
        dom, log = run_chromium(chromium, url, workdir, "--dump-dom")
        dom = dom.decode("utf-8")
        requests = page_requests(log)
        check(not requests, f"the page made network requests: {requests[:5]}")

        boards = len(re.findall(r'<svg class="board"', dom))
        expected = expected_boards(binary, root)
        check(boards == expected, f"{boards} boards in the rendered page, {expected} finding positions")
        ids = set(re.findall(r'\bid="([^"]+)"', dom))
        links = re.findall(r'\bhref="#([^"]*)"', dom)
        check(links, "the page has no in-page links")
        dangling = sorted({link for link in links if link not in ids})
        check(not dangling, f"links without a target: {dangling[:10]}")
        flagged = re.findall(r'<a class="flag" id="([^"]+)" href="#([^"]+)"', dom)
        check(flagged, "no flagged move in the move lists")
        moves_linked = set(link for link in links if re.fullmatch(r"g\d+m\d+", link))
        check(moves_linked <= {move for move, _ in flagged},
              "a finding links to a move that is not marked in its move list")

        # The net-log check sees a request the page makes (a control page, to a closed port).
        control = os.path.join(workdir, "control.html")
        with open(control, "w", encoding="utf-8") as f:
            f.write('<!DOCTYPE html><html><body><img src="http://127.0.0.1:9/x.png"></body></html>')
        _, control_log = run_chromium(chromium, "file://" + control, workdir, "--dump-dom")
        check(page_requests(control_log), "the net-log check did not see the control page's request")

        shot = os.path.join(workdir, "screenshot.png")
        run_chromium(chromium, url, workdir, f"--screenshot={shot}", "--window-size=1280,2000")
        width, height, channels, rows = png_pixels(shot)
        check((width, height) == (1280, 2000), f"screenshot is {width}x{height}")
        colours, inked = set(), 0
        for row in rows[::8]:
            for x in range(0, width * channels, channels * 4):
                pixel = row[x:x + 3]
                colours.add(pixel)
                if pixel != b"\xff\xff\xff":
                    inked += 1
        sampled = len(rows[::8]) * len(range(0, width * channels, channels * 4))
        check(len(colours) >= 8, f"the screenshot is blank ({len(colours)} colours)")
        check(inked > sampled // 100, f"the screenshot is nearly blank ({inked} of {sampled} inked)")
        if args.screenshot:
            shutil.copyfile(shot, args.screenshot)

        printed = check_print(chromium, binary, root, workdir, env)
        claim_boards = check_claim_page(chromium, binary, root, workdir, env)
        watch_page = check_watch_page(chromium, binary, root, workdir, env)
        trf_page = check_trf_page(chromium, binary, root, workdir, env)
    except Failure as failure:
        print(f"FAIL browser: {failure}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"ok browser: {boards} boards, {len(links)} links, no request, screenshot "
          f"{len(colours)} colours; printed: {printed}; claim page: {claim_boards} boards; "
          f"{watch_page}; {trf_page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
