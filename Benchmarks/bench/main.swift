// bench: Sift's benchmark suite, side by side with yajl's floor and with Foundation.
//
// USAGE
//   swift run -c release bench                  the full suite (a few minutes)
//   swift run -c release bench --quick          small inputs, few rounds: a smoke test under a minute
//   swift run -c release bench --json           the same measurements as JSON on stdout
//   swift run -c release bench --filter twitter only scenarios whose name contains "twitter"
//   swift run -c release bench --file my.json --path '$.items[*].id'
//                                               adds parse scenarios for a file of yours (and its
//                                               paths, for path scenarios)
//   swift run -c release bench --wall-clock     MB/s by elapsed time instead of CPU time
//   swift run -c release bench --list           lists scenarios and contenders
//   swift run -c release bench --scaling        every entry point at N and 4N bytes: how cost grows
//   swift run -c release bench --help           all options; an unknown option exits with status 2
//
// WHAT IS MEASURED
//   Every scenario is one piece of work over one input, done by several contenders:
//   - yajl floor: yajl with CYajl's empty C callbacks (sift_noop_callbacks), called straight from
//     Swift. Nothing built on yajl can be faster; every other number is given as a ratio to it.
//   - sift events: JSONTokenizer delivering every event to a Swift handler that only counts them.
//   - simdjson On-Demand (Debian's libsimdjson-dev, the C++ target CSimdjsonBench): the
//     physical-limit anchor of every query scenario, answering the same query on the same bytes
//     with a function written by hand for its shape (SimdjsonQuery.swift); its ratio is printed
//     beside the floor's.
//   - JSONSerialization (the Foundation reference) and, where the data has a model, JSONDecoder.
//   - the cli group (cli/…): the release sift beside this binary as a whole process, on a ~200 MB
//     generated file in the page cache and on stdin redirected from it, against this binary as a
//     yajl floor process (`--yajl-floor`) and as a simdjson process (`--simdjson-process`, which
//     prints what sift prints) on the same file; ratioed by elapsed time. Left out, with a note,
//     when sift is not built (`swift build -c release --product sift`).
//   Inputs need no files: a ~64 MB Hub feed, its NDJSON variant, a ~64 MB Hub-shaped feed of many
//   small containers and its NDJSON variant, a canada.json-like GeoJSON and a twitter.json-like
//   search response are generated in memory from a fixed seed (see FeedGenerator.swift,
//   SmallContainersGenerator.swift and their siblings); the corpora in $SIFT_CORPORA, else ../shared/corpora, are
//   added when present (a line on stderr says when they are not). A 1 GB Hub
//   feed is streamed in 64 KiB chunks as it is generated, never held, to show that peak memory does
//   not grow with the input (compare stream/hub-feed-1gb with stream/hub-feed).
//
// HOW
//   Per scenario: contenders that compute the same thing are checked to agree (an untimed
//   checksum), each runs once to warm up, then rounds are measured with every contender once per
//   round, round-robin, so machine noise hits them alike. MB/s is input bytes over the measuring
//   thread's CPU time by default (the machine is shared: time spent waiting for a core is not the
//   contender's); both clocks are in --json. The table gives the median MB/s, the
//   min–max over rounds, the ratios, and the peak RSS of a child process (this binary with the
//   hidden flag `--child SCENARIO CONTENDER`) that regenerates the input and runs the contender
//   once. Exit status: 0 when every checksum agrees and every contender completed, 1 otherwise,
//   2 for a usage error.
//
// ADDING SCENARIOS
//   Write a ScenarioFamily in a file of its own and list it in ScenarioRegistry.families
//   (Scenario.swift), where the planned families (paths, Hub models, Codable, mapping, NDJSON)
//   are described.

import Foundation

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    BenchSuite.printError("bench: error: \(error)\n\(BenchOptions.synopsis)\nSee 'bench --help'.")
    exit(2)
}

if options.showsHelp {
    print(BenchOptions.usage)
    exit(0)
}

if let floor = options.floorChild {
    do {
        try floor.run()
        exit(0)
    } catch {
        BenchSuite.printError("bench floor: error: \(error)")
        exit(1)
    }
}

if let simdjson = options.simdjsonChild {
    do {
        try simdjson.run()
        exit(0)
    } catch {
        BenchSuite.printError("bench simdjson: error: \(error)")
        exit(1)
    }
}

if let task = options.child {
    do {
        try BenchRunner.runChild(task, options: options)
        exit(0)
    } catch {
        BenchSuite.printError("bench child: error: \(error)")
        exit(1)
    }
}

if options.measuresScaling {
    exit(ScalingSuite.run(options))
}

do {
    exit(try BenchSuite.run(options))
} catch {
    BenchSuite.printError("bench: error: \(error)")
    exit(1)
}
