// `npm run bench`: the entry point of the benchmark harness (see bench/README.md).
console.error('No benchmarks yet: see bench/README.md.')
process.exit(1)
