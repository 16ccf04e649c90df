# FlowShell — `make run` and `make test` are all a new machine needs (with the Swift toolchain).

SWIFT ?= swift
# Declared-but-unlisted imports fail the build instead of slipping through.
SWIFT_BUILD_FLAGS ?= --explicit-target-dependency-import-check error

.PHONY: run test lint format build build-debug-binary release release-serve install deps docs fuzz bench clean

run: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product flowshell
	./.build/debug/flowshell

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

# The binary to install: optimized, with the Swift runtime and Foundation linked in, which
# starts faster and in less memory than a build that loads them as shared libraries (the file is
# larger). The result is .build/release/flowshell. Three more choices are for the start
# (docs/performance.md has what each saved, as `make bench` measured it):
# - code reaches the metadata of generic types it names through their accessors, not by
#   mangled name: a type formed from its name has its generic requirements checked again at
#   run time, each check a search of every conformance in the program;
# - the executable is not position-independent, so the loader has none of its addresses to
#   relocate and no pages to copy for them. What is given up is the random placement of the
#   executable's own code; the libraries it loads are still placed at random.
# - SQLite and libedit (with what libedit uses) are linked in from their static archives,
#   which the -dev packages `make deps` installs, rather than loaded as shared libraries: the
#   loader binds every symbol of a shared library it loads before main. Linking finds the
#   archives first in .build/static-libs.
STATIC_C_LIBS = sqlite3 edit tinfo bsd md
STATIC_LIB_DIR = $(CURDIR)/.build/static-libs
RELEASE_FLAGS = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xlinker -no-pie \
	-Xswiftc -L$(STATIC_LIB_DIR) -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd
release: deps
	@mkdir -p $(STATIC_LIB_DIR)
	@for lib in $(STATIC_C_LIBS); do \
		archive=$$($(CC) -print-file-name=lib$$lib.a); \
		[ -f "$$archive" ] || { echo "make release: lib$$lib.a not found (run make deps)" >&2; exit 1; }; \
		ln -sf "$$archive" $(STATIC_LIB_DIR)/; \
	done
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --static-swift-stdlib $(RELEASE_FLAGS) --product flowshell

# `flowshell serve`'s server, a program of its own (so the terminal's carries no web server):
# optimized, with the Swift runtime linked in. The result is .build/release/flowshell-serve.
release-serve: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --static-swift-stdlib --product flowshell-serve

# The Swift the formatter keeps: all of it but examples/greeter and examples/notes, which are what
# `flowshell new app` writes (a test compares them with it byte for byte).
SWIFT_FORMATTED = Package.swift Sources Tests Features Libraries Fuzz Plugins examples/pipe-front-end examples/plugins scripts/bench

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FORMATTED)
	python3 -m ruff check scripts

format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FORMATTED)

test: deps
	# The Python checks' tools (pytest, websockets, ruff; installed with pip when missing), and
	# scripts/ linted with ruff (pyproject.toml has its settings) before anything is built.
	./scripts/install-python-test-deps.sh
	python3 -m ruff check scripts
	# What the benchmark's instruction check fails on (make bench QUICK=1 runs it in CI).
	python3 -m pytest scripts/tests/test_bench_instructions.py
	# The Swift sources formatted as .swift-format says (`make format` applies it).
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FORMATTED)
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --build-tests
	# PostgreSQL's server programs: the shared store's tests start servers of their own.
	./scripts/install-postgres-test-deps.sh
	# The suite, with a watchdog: a test that hangs is named, with the threads of the process.
	python3 scripts/run_swift_tests.py
	# The end-to-end checks are pytest suites in scripts/tests/, one test per check, run on the
	# debug build just made.
	# flowshell serve end to end: the WebSocket's checks and bad input, then the sample flow in a
	# headless Chromium (installed when missing and allowed; skipped with a line saying why otherwise,
	# but failed under FLOWSHELL_REQUIRE_BROWSER=1, which CI sets).
	./scripts/install-web-test-deps.sh
	python3 -m pytest scripts/tests/test_web.py
	# The server held to its bounds: dribbled heads and silent sockets closed at their deadlines,
	# 2,000 half-open requests at ulimit -n 1024 while a tab works, and 1,200 tabs at once.
	python3 -m pytest scripts/tests/test_web_bounds.py
	# flowshell serve --ssh end to end with OpenSSH's client at 80×24 (installed when missing and
	# allowed; skipped with a line saying why otherwise).
	./scripts/install-ssh-test-deps.sh
	python3 -m pytest scripts/tests/test_ssh.py
	# Agents over MCP (flowshell mcp on stdio, serve --mcp over HTTP) through the Python mcp
	# client, on both revisions of the protocol.
	python3 -m pytest scripts/tests/test_mcp.py
	# --output json driven through a pipe as a program drives it: each line read up to its done record.
	python3 -m pytest scripts/tests/test_output_json.py
	# serve --database: several servers of one flow on a PostgreSQL server of the test's own.
	python3 -m pytest scripts/tests/test_database.py
	# Three servers behind HAProxy (round robin, nothing sticky) on one PostgreSQL: a node killed
	# with SIGKILL, and every tab and SSH login it served back on another (skipped without haproxy).
	python3 -m pytest scripts/tests/test_cluster.py
	# The tutorial, run on a copy of the repository: scaffolds a feature and builds it.
	python3 -m pytest scripts/tests/test_tutorial.py
	# The README's and docs/'s links lead somewhere, and their sessions print what they show.
	python3 -m pytest scripts/tests/test_docs.py
	# make install into a scratch folder, from the debug build the tests used.
	python3 -m pytest scripts/tests/test_install.py
	# flowshell new app in a scratch folder outside the repository: it builds, runs and passes its test.
	python3 -m pytest scripts/tests/test_new_app.py
	# A front end of the session written outside the package (examples/pipe-front-end), on public API
	# alone, in a scratch folder: it builds, answers over a pipe and passes its test.
	python3 -m pytest scripts/tests/test_outside_front_end.py
	# FlowShellKit's DocC documentation builds without a warning (a broken symbol link fails).
	$(SWIFT) package --disable-sandbox generate-documentation --target FlowShellKit --warnings-as-errors \
		--output-path $(CURDIR)/.build/docs-check >/dev/null

# Installs the stripped binary, its bash, zsh and fish completion scripts and its man page
# under $(DESTDIR)$(PREFIX). The completion scripts and the man page are generated by the binary
# from the same declarations as the command line and the prompt (ArgumentParser's
# --generate-completion-script; --generate-manual, which writes the command line, the prompt's
# keys, global commands and settings, the environment, the files and the exit statuses).
# INSTALL_CONFIGURATION=debug installs the debug build instead of make release's (the tests
# do, to spare a release build).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_CONFIGURATION ?= release
INSTALL_BINARY = .build/$(INSTALL_CONFIGURATION)/flowshell
install: $(if $(filter release,$(INSTALL_CONFIGURATION)),release release-serve,build-debug-binary)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 -s $(INSTALL_BINARY) "$(DESTDIR)$(PREFIX)/bin/flowshell"
	install -m 755 -s $(INSTALL_BINARY)-serve "$(DESTDIR)$(PREFIX)/bin/flowshell-serve"
	$(INSTALL_BINARY) --generate-manual > "$(DESTDIR)$(PREFIX)/share/man/man1/flowshell.1"
	$(INSTALL_BINARY) --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/flowshell"
	$(INSTALL_BINARY) --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_flowshell"
	$(INSTALL_BINARY) --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/flowshell.fish"

build-debug-binary: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product flowshell
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product flowshell-serve

# docs/flow.svg, the diagram of the default flow in docs/config.md (needs Graphviz's dot), and
# FlowShellKit's documentation (DocC, with swift-docc-plugin): its getting-started article, the
# screen model and every public symbol, in .build/docs/FlowShellKit (a static site; open its
# index.html through a web server, or `docc preview`). Warnings, such as a broken symbol
# link, fail the build.
docs: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product flowshell
	./.build/debug/flowshell graph --format dot > docs/flow.dot
	dot -Tsvg docs/flow.dot -o docs/flow.svg
	rm -rf .build/docs/FlowShellKit && mkdir -p .build/docs
	$(SWIFT) package --disable-sandbox generate-documentation --target FlowShellKit --warnings-as-errors \
		--output-path .build/docs/FlowShellKit --transform-for-static-hosting

# Fuzzing the config loader (parse, decode, check), the command line (tokenizer, argument
# reading, completion) and the plugin protocol (lines as a plugin writes them) with libFuzzer for FUZZ_SECONDS each, seeded from the test fixtures and
# the repository's flows; not part of `make test` (CI runs it for 30 s each). Everything is
# built with AddressSanitizer and libFuzzer's coverage (what -sanitize=fuzzer gives, whose
# runtime only the fuzzer links), in a scratch folder of its own; what the fuzzer learns stays in .build-fuzz/corpus, and an input
# that crashes is left in .build-fuzz/crashes.
FUZZ_SECONDS ?= 60
FUZZ_SCRATCH = .build-fuzz
fuzz: deps
	FLOWSHELL_FUZZ=1 $(SWIFT) build --product ConfigFuzzer --scratch-path $(FUZZ_SCRATCH) -Xswiftc -use-ld=lld \
		-Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
	FLOWSHELL_FUZZ=1 $(SWIFT) build --product CommandFuzzer --scratch-path $(FUZZ_SCRATCH) -Xswiftc -use-ld=lld \
		-Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
	FLOWSHELL_FUZZ=1 $(SWIFT) build --product PluginFuzzer --scratch-path $(FUZZ_SCRATCH) -Xswiftc -use-ld=lld \
		-Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
	mkdir -p $(FUZZ_SCRATCH)/seeds $(FUZZ_SCRATCH)/corpus $(FUZZ_SCRATCH)/crashes
	cp Tests/FlowShellTestSupport/Fixtures/configs/*.json config.json examples/*.json $(FUZZ_SCRATCH)/seeds/
	$(FUZZ_SCRATCH)/debug/ConfigFuzzer $(FUZZ_SCRATCH)/corpus $(FUZZ_SCRATCH)/seeds -dict=Fuzz/config.dict \
		-max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(FUZZ_SCRATCH)/crashes/
	mkdir -p $(FUZZ_SCRATCH)/command-corpus $(FUZZ_SCRATCH)/command-seeds
	cp Fuzz/command-seeds/* $(FUZZ_SCRATCH)/command-seeds/
	# The command fuzzer works in a scratch folder of its own (lines redirect into it): its
	# folders are given whole.
	$(FUZZ_SCRATCH)/debug/CommandFuzzer $(CURDIR)/$(FUZZ_SCRATCH)/command-corpus $(CURDIR)/$(FUZZ_SCRATCH)/command-seeds \
		-max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(CURDIR)/$(FUZZ_SCRATCH)/crashes/
	mkdir -p $(FUZZ_SCRATCH)/plugin-corpus $(FUZZ_SCRATCH)/plugin-seeds
	cp Fuzz/plugin-seeds/* $(FUZZ_SCRATCH)/plugin-seeds/
	$(FUZZ_SCRATCH)/debug/PluginFuzzer $(FUZZ_SCRATCH)/plugin-corpus $(FUZZ_SCRATCH)/plugin-seeds \
		-max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(FUZZ_SCRATCH)/crashes/

# FlowShell's speed and memory against Python's cmd.Cmd, cmd2 and a minimal Swift loop, paired in
# one run (scripts/bench.py builds release and sets up the baselines in .build/bench). QUICK=1 is
# the quick run CI does (a few minutes of measuring), which fails on a gross regression against
# bench/results.json, a cost that grows much faster than its work (the scale rows), or
# instructions per command (counted by valgrind's callgrind) more than 10 % above
# bench/instructions.json; BENCH_FLAGS=--save makes a run the new reference.
# The rows of `flowshell serve` (scripts/bench_web.py): its WebSocket round trip, the same while
# 2,000 half-open requests are held at ulimit -n 1024, 100 sessions' memory, and its memory after
# 300 tabs open and close, again and again (failing when it grows round after round); QUICK=1
# measures briefly on the debug build `make test` made, sparing a release build.
# The rows of `flowshell test` (scripts/bench_flowtest.py): the sample flow and generated flows of
# 250 to 1,000 transitions explored wholly; QUICK=1 likewise on the debug build, smaller.
# The rows of `serve --ssh` (scripts/bench_ssh.py), paired against OpenSSH's sshd with ForceCommand
# running the release flowshell (its column skipped, saying why, without openssh-server or root).
# The rows of agents over MCP (scripts/bench_mcp.py): a run round trip through the Python mcp
# client over stdio and over HTTP, paired, p50 and p99; memory per agent session and 100 idle ones.
# The rows of several servers (scripts/bench_cluster.py, #41), PostgreSQL beside the data folder:
# 50 tabs back after a node's kill -9, a booking shown on another node, a command's round trip, and
# the tabs two nodes serve behind HAProxy beside one (QUICK=1: the debug build, about 25 s).
bench:
	./scripts/install-python-test-deps.sh
	python3 scripts/bench.py $(if $(QUICK),--quick) $(BENCH_FLAGS)
	python3 scripts/bench_web.py $(if $(QUICK),--quick)
	python3 scripts/bench_flowtest.py $(if $(QUICK),--quick)
	python3 scripts/bench_ssh.py $(if $(QUICK),--quick)
	python3 scripts/bench_mcp.py $(if $(QUICK),--quick)
	./scripts/install-postgres-test-deps.sh
	python3 scripts/bench_cluster.py $(if $(QUICK),--quick)

# libedit's headers come from Debian's libedit-dev; install them when missing and allowed.
deps:
	@./scripts/install-deps.sh

clean:
	$(SWIFT) package clean
