import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  readonly auth: { readonly user: string; readonly pass: string } | null;
  readonly from: string;
  readonly to: readonly string[];
  /** The raw message, headers and body, dot-unstuffed. */
  readonly data: string;
}

/**
 * Just enough SMTP (EHLO, AUTH PLAIN/LOGIN, MAIL, RCPT, DATA, RSET, QUIT) to receive what the
 * gateway sends, on 127.0.0.1 only. `rejectRecipients` answers RCPT with 550 to test failures.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  rejectRecipients = false;
  private readonly sockets = new Set<Socket>();
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<SmtpSink> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const sink = new SmtpSink(server, typeof address === 'object' && address ? address.port : 0);
    server.on('connection', (socket) => sink.serve(socket));
    return sink;
  }

  url(user: string, pass: string): string {
    return `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    const say = (line: string) => socket.write(`${line}\r\n`);
    let auth: ReceivedMail['auth'] = null;
    let from = '';
    let to: string[] = [];
    let dataLines: string[] | null = null;
    let login: { step: 'user' | 'pass'; user: string } | null = null;
    let buffer = '';
    const decode = (text: string) => Buffer.from(text, 'base64').toString('utf8');

    const handle = (line: string) => {
      if (dataLines) {
        if (line !== '.') return void dataLines.push(line.startsWith('..') ? line.slice(1) : line);
        this.mails.push({ auth, from, to, data: dataLines.join('\r\n') });
        dataLines = null;
        return say('250 2.0.0 Ok: queued as sink-' + this.mails.length);
      }
      if (login) {
        if (login.step === 'user') {
          login = { step: 'pass', user: decode(line) };
          return say('334 UGFzc3dvcmQ6');
        }
        auth = { user: login.user, pass: decode(line) };
        login = null;
        return say('235 2.7.0 Authentication successful');
      }
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          return say('250-sink.local\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME');
        case 'HELO':
          return say('250 sink.local');
        case 'AUTH': {
          const [mechanism = '', initial] = argument.split(' ');
          if (mechanism.toUpperCase() === 'PLAIN' && initial) {
            const [, user = '', pass = ''] = decode(initial).split('\0');
            auth = { user, pass };
            return say('235 2.7.0 Authentication successful');
          }
          if (mechanism.toUpperCase() === 'LOGIN') {
            login = { step: 'user', user: '' };
            return say('334 VXNlcm5hbWU6');
          }
          return say('504 5.5.4 Unrecognized authentication type');
        }
        case 'MAIL':
          from =
            argument
              .replace(/^FROM:\s*/i, '')
              .replace(/[<>]/g, '')
              .split(' ')[0] ?? '';
          to = [];
          return say('250 2.1.0 Ok');
        case 'RCPT':
          if (this.rejectRecipients) return say('550 5.1.1 Mailbox unavailable');
          to.push(
            argument
              .replace(/^TO:\s*/i, '')
              .replace(/[<>]/g, '')
              .split(' ')[0] ?? '',
          );
          return say('250 2.1.5 Ok');
        case 'DATA':
          dataLines = [];
          return say('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          from = '';
          to = [];
          return say('250 2.0.0 Ok');
        case 'NOOP':
          return say('250 2.0.0 Ok');
        case 'QUIT':
          say('221 2.0.0 Bye');
          return void socket.end();
        default:
          return say('502 5.5.2 Command not recognized');
      }
    };

    say('220 sink.local ESMTP test sink');
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        handle(line);
        end = buffer.indexOf('\r\n');
      }
    });
  }
}
