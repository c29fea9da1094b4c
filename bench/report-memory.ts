// Loaded with --import by bench/run.ts: every bench ends with the peak memory of its own process.
process.on('exit', () => {
  const peakMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`peak memory of this bench process (max RSS): ${peakMiB} MiB\n`);
});
