# FlowShell — `make run` and `make test` are all a new machine needs (with the Swift toolchain).

SWIFT ?= swift
# Declared-but-unlisted imports fail the build instead of slipping through.
SWIFT_BUILD_FLAGS ?= --explicit-target-dependency-import-check error

.PHONY: run test build deps docs clean

run: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product flowshell
	./.build/debug/flowshell

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

test: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --build-tests
	$(SWIFT) test --skip-build
	# The tutorial, run on a copy of the repository: scaffolds a feature and builds it.
	python3 scripts/run_tutorial.py

# The README's diagram of the default flow (needs Graphviz's dot).
docs: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product flowshell
	./.build/debug/flowshell graph --format dot > docs/flow.dot
	dot -Tsvg docs/flow.dot -o docs/flow.svg

# libedit's headers come from Debian's libedit-dev; install them when missing and allowed.
deps:
	@./scripts/install-deps.sh

clean:
	$(SWIFT) package clean
