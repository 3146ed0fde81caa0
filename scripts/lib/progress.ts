/** A one-line progress bar on stderr (redrawn in place on a terminal, a line per 10% otherwise). */
export function progressBar(label: string, total: number) {
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  const started = Date.now();
  return {
    update(done: number) {
      const ratio = total === 0 ? 1 : Math.min(1, done / total);
      const width = 30;
      const filled = Math.round(ratio * width);
      const line = `${label} [${"#".repeat(filled)}${" ".repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} ${((Date.now() - started) / 1000).toFixed(1)}s`;
      if (tty) process.stderr.write(`\r${line}`);
      else if (Math.floor(ratio * 10) !== lastTenth) {
        lastTenth = Math.floor(ratio * 10);
        process.stderr.write(`${line}\n`);
      }
    },
    done() {
      this.update(total);
      if (tty) process.stderr.write("\n");
    },
  };
}
