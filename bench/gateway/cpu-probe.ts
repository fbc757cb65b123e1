// Answers the bench's 'cpu' message with this process's CPU time so far (µs, user + system, and user
// alone as `user`), and
// exits on 'exit' (so a `--cpu-prof` run writes its profile; a signal would not).
process.on('message', (m) => {
  if (m === 'exit') process.exit(0);
  if (m !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.send?.({ cpu: user + system, user });
});
