// The broker's settings: its server.properties and the JVM's flags, tuned for tests.

export const HOST = '127.0.0.1';

/** Settings for one combined-mode node, tuned for tests: replication factor 1 everywhere, no rebalance delay. */
export function serverProperties({ port, controllerPort, logDirs, saslSsl }) {
  const extraListener = saslSsl ? `,SASL_SSL://${HOST}:${saslSsl.port}` : '';
  const mechanism = saslSsl?.mechanism ?? 'SCRAM-SHA-256';
  const secure = saslSsl
    ? [
        `sasl.enabled.mechanisms=${mechanism}`,
        `listener.name.sasl_ssl.${mechanism.toLowerCase()}.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;`,
        'ssl.keystore.type=PEM',
        `ssl.keystore.location=${saslSsl.keystoreFile}`,
        'ssl.client.auth=none',
      ]
    : [];
  return `${[
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@${HOST}:${controllerPort}`,
    `listeners=PLAINTEXT://${HOST}:${port},CONTROLLER://${HOST}:${controllerPort}${extraListener}`,
    `advertised.listeners=PLAINTEXT://${HOST}:${port}${extraListener}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    `listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT${saslSsl ? ',SASL_SSL:SASL_SSL' : ''}`,
    ...secure,
    `log.dirs=${logDirs}`,
    'num.partitions=3',
    'default.replication.factor=1',
    'auto.create.topics.enable=true',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=4',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=4',
    'share.coordinator.state.topic.replication.factor=1',
    'share.coordinator.state.topic.min.isr=1',
    'group.initial.rebalance.delay.ms=0',
    // Tests use short consumer session timeouts so a killed consumer's partitions move quickly.
    'group.min.session.timeout.ms=1000',
    'num.network.threads=2',
    'num.io.threads=4',
    'log.retention.hours=24',
    'log.segment.bytes=16777216',
  ].join('\n')}\n`;
}

export function jvmArgs(heap) {
  const level = process.env.KAFKA_LOG_LEVEL || 'warn';
  return [
    '-Xms128m',
    `-Xmx${heap}`,
    '-XX:+UseSerialGC',
    '-Djava.awt.headless=true',
    `-Dorg.slf4j.simpleLogger.defaultLogLevel=${level}`,
    '-Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info',
    '-Dorg.slf4j.simpleLogger.log.org.apache.kafka.common.utils.AppInfoParser=info',
    '-Dorg.slf4j.simpleLogger.showDateTime=true',
    "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS",
  ];
}
