import { readFileSync } from 'node:fs';
import { ConfigError } from '../config';

export type KafkaSaslMechanism = 'plain' | 'scram-sha-256' | 'scram-sha-512';

/** TLS and SASL of the Kafka client (a managed cluster: Confluent Cloud, MSK, Aiven, Redpanda...). */
export interface KafkaSecurity {
  /** true: TLS with the system's CAs; an object: TLS with these options (a private CA). */
  ssl?: boolean | { ca: string[]; rejectUnauthorized: true };
  sasl?: KafkaSasl;
}

/** One member per mechanism, as kafkajs types its `sasl` option. */
export type KafkaSasl = {
  [M in KafkaSaslMechanism]: { mechanism: M; username: string; password: string };
}[KafkaSaslMechanism];

export interface KafkaSecurityEnv {
  KAFKA_SSL?: boolean;
  KAFKA_SSL_CA_FILE?: string;
  KAFKA_SASL_MECHANISM?: KafkaSaslMechanism;
  KAFKA_SASL_USERNAME?: string;
  KAFKA_SASL_PASSWORD?: string;
}

/**
 * The client's `ssl` and `sasl` from the environment, checked as a whole: a mechanism without a
 * user or password, a CA file without TLS, or a CA file that cannot be read is a ConfigError
 * with one line naming the variable (the password is never part of the message).
 */
export function kafkaSecurityFromEnv(e: KafkaSecurityEnv): KafkaSecurity {
  const out: KafkaSecurity = {};
  if (e.KAFKA_SSL_CA_FILE) {
    if (!e.KAFKA_SSL)
      throw configError('KAFKA_SSL_CA_FILE', 'is set but KAFKA_SSL is not true', 'KAFKA_SSL=true with a CA file');
    let ca: string;
    try {
      ca = readFileSync(e.KAFKA_SSL_CA_FILE, 'utf8');
    } catch (err) {
      throw configError(
        'KAFKA_SSL_CA_FILE',
        `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
        'a readable PEM file of the CA',
      );
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----'))
      throw configError('KAFKA_SSL_CA_FILE', 'is invalid', 'a PEM file (-----BEGIN CERTIFICATE-----)');
    out.ssl = { ca: [ca], rejectUnauthorized: true };
  } else if (e.KAFKA_SSL) {
    out.ssl = true;
  }
  if (e.KAFKA_SASL_MECHANISM) {
    if (!e.KAFKA_SASL_USERNAME)
      throw configError(
        'KAFKA_SASL_USERNAME',
        'is missing',
        `the SASL user name (KAFKA_SASL_MECHANISM=${e.KAFKA_SASL_MECHANISM})`,
      );
    if (!e.KAFKA_SASL_PASSWORD)
      throw configError(
        'KAFKA_SASL_PASSWORD',
        'is missing',
        `the SASL password (KAFKA_SASL_MECHANISM=${e.KAFKA_SASL_MECHANISM})`,
      );
    out.sasl = { mechanism: e.KAFKA_SASL_MECHANISM, username: e.KAFKA_SASL_USERNAME, password: e.KAFKA_SASL_PASSWORD };
  } else if (e.KAFKA_SASL_USERNAME || e.KAFKA_SASL_PASSWORD) {
    throw configError(
      'KAFKA_SASL_MECHANISM',
      'is missing',
      'one of plain, scram-sha-256, scram-sha-512 (KAFKA_SASL_USERNAME/PASSWORD are set)',
    );
  }
  return out;
}

function configError(name: string, what: string, expected: string): ConfigError {
  return new ConfigError(`config error: ${name} ${what}: expected ${expected}`);
}
