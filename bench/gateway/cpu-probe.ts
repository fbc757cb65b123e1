// Answers the bench's 'cpu' message with this process's CPU time so far (µs, user + system).
process.on('message', (m) => {
  if (m !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.send?.({ cpu: user + system });
});
