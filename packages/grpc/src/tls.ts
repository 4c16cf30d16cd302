// The transport of every gRPC call (ADR 0037): TLS both ways, each side's certificate checked
// against the fleet's CA. A service's certificate names it (common name and first DNS name): a
// client checks that the server is the service it means to call, whatever address it dialed
// (127.0.0.1 locally, a Kubernetes DNS name in a cluster), and a server reads who called it.
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import { ChannelCredentials, ServerCredentials } from '@grpc/grpc-js';

/** This process's certificate and key, and the CA whose certificates it accepts (PEM). */
export interface GrpcTls {
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

/** A server that accepts only callers with a certificate from the CA. */
export function serverCredentials(tls: GrpcTls): ServerCredentials {
  return ServerCredentials.createSsl(tls.ca, [{ cert_chain: tls.cert, private_key: tls.key }], true);
}

/**
 * A channel that shows this process's certificate and accepts only a server with a certificate from
 * the CA for `service` (its common name and a DNS name), at whatever address it dials.
 */
export function channelCredentials(tls: GrpcTls): ChannelCredentials {
  return ChannelCredentials.createSsl(tls.ca, tls.key, tls.cert, {
    checkServerIdentity: (service, cert) =>
      checkServerIdentity(service, cert) ??
      (cert.subject?.CN === service
        ? undefined
        : new Error(`The server's certificate names ${cert.subject?.CN ?? 'nobody'}, not ${service}.`)),
  });
}

/** The channel option that makes a client check the server's certificate for `service`, not the dialed host. */
export const serverNameOption = (service: string) => ({ 'grpc.ssl_target_name_override': service });

/** The service a verified peer certificate names (its common name), or null. */
export function serviceOfCertificate(cert: PeerCertificate | undefined): string | null {
  const name = cert?.subject?.CN;
  return typeof name === 'string' && name !== '' ? name : null;
}
