# The local platform. Every target uses the pinned Node and pnpm in .tools/bin (tools/dev/toolchain.sh).
# Variables given to make reach the processes it starts: make up LOG_LEVEL=debug GATEWAY_PORT=8081
SHELL := /usr/bin/env bash
.DEFAULT_GOAL := help
ROOT := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
export PATH := $(ROOT)/.tools/bin:$(PATH)
NODE := $(ROOT)/.tools/bin/node
DEV := $(ROOT)/tools/dev

.PHONY: help up down test coverage faults bench benchmarks abuse generate migrate typecheck lint format logs status toolchain install

help: ## List the targets
	@echo 'Usage: make <target> [VAR=value ...]'
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  %-10s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

up: toolchain ## Start everything locally (PostgreSQL, NATS, S3, services); prints the gateway URL
	@$(NODE) $(DEV)/up.ts

down: toolchain ## Stop exactly what make up started
	@$(NODE) $(DEV)/down.ts

test: toolchain ## Run the whole suite, starting the infrastructure it needs
	@$(NODE) $(DEV)/test.ts

coverage: toolchain ## The suite without the static checks, and its line coverage of services/ and packages/ (c8; .run/coverage/)
	@$(NODE) $(DEV)/test.ts --coverage

faults: install ## Kill -9 and restart each part of a working fleet, checking invariants (FAULT_RUNS=50 FAULT_RUNS_OTHERS=5 FAULTS=…), then the long fault tests (*.faults.test.ts)
	@$(NODE) $(DEV)/generate.ts
	@$(NODE) $(ROOT)/tests/faults/main.ts
	@$(NODE) $(DEV)/test.ts --faults

bench: install ## Run the benchmarks in tools/bench (they start their own fleet, on make test's PostgreSQL and NATS)
	@$(NODE) $(DEV)/generate.ts
	@$(NODE) $(DEV)/test-platform.ts --run $(MAKE) --no-print-directory benchmarks

# The fleets of the benchmarks connect as the services' database roles of a test platform (ADR 0036).
benchmarks:
	@$(NODE) $(ROOT)/tools/bench/src/gateway-auth.ts
	@$(NODE) $(ROOT)/tools/bench/src/upload-memory.ts
	@$(NODE) $(ROOT)/tools/bench/src/export-formats.ts
	@$(NODE) $(ROOT)/tools/bench/src/job-latency.ts
	@$(NODE) $(ROOT)/tools/bench/src/short-jobs.ts
	@$(NODE) $(ROOT)/tools/bench/src/long-recordings.ts
	@$(NODE) $(ROOT)/tools/bench/src/share-page.ts
	@$(NODE) $(ROOT)/tools/bench/src/gateway-load.ts
	@$(NODE) $(ROOT)/tools/bench/src/read-path.ts
	@$(NODE) $(ROOT)/tools/bench/src/webhook-delivery.ts
	@$(NODE) $(ROOT)/tools/bench/src/ai-proxy.ts
	@$(NODE) $(ROOT)/tools/bench/src/diarization.ts
	@$(NODE) $(ROOT)/tools/bench/src/caption-burn.ts
	@$(NODE) $(DEV)/whisper-lib.ts >/dev/null
	@$(NODE) $(ROOT)/tools/bench/src/whisper-engine.ts
	@$(NODE) $(ROOT)/tools/bench/src/whisper-jobs.ts
	@$(NODE) $(DEV)/web-app.ts
	@$(NODE) $(ROOT)/tools/bench/src/web-app.ts

abuse: install ## The abuse suite at full size: ABUSE_RUNS fuzzed requests per operation (default 200)
	@$(NODE) $(DEV)/abuse.ts

generate: install ## Generate gRPC code and Prisma clients
	@$(NODE) $(DEV)/generate.ts

migrate: install ## Apply pending migrations to DATABASE_URL's database
	@$(NODE) $(DEV)/migrate.ts

typecheck: generate ## tsc --noEmit over the whole repository (after make generate)
	@cd $(ROOT) && node_modules/.bin/tsc -p tsconfig.json --noEmit && node_modules/.bin/tsc -p services/web/app/tsconfig.json --noEmit

lint: install ## Format, lint and import-rule checks (Biome, dependency-cruiser), as make test runs them
	@$(NODE) $(DEV)/guardrails.ts

format: install ## Apply the formatter and the linter's safe fixes (Biome)
	@$(ROOT)/node_modules/.bin/biome check --write $(ROOT)

status: toolchain ## Show which of our processes run and what the platform uses
	@$(NODE) $(DEV)/status.ts

logs: ## Follow the logs (make logs S=accounts for one)
	@files=(); for f in $(ROOT)/.run/logs/$(or $(S),*).log; do [ -e "$$f" ] && files+=("$$f"); done; \
	if (( $${#files[@]} == 0 )); then echo 'no logs$(if $(S), for $(S)) yet: run make up'; exit 0; fi; \
	exec tail -n 40 -F "$${files[@]}"

toolchain: ## Install the pinned Node and pnpm into .tools/
	@bash $(ROOT)/tools/dev/toolchain.sh

install: toolchain ## pnpm install --frozen-lockfile when node_modules is missing or the lockfile changed
	@$(NODE) $(DEV)/install.ts
