// A POST whose body the gateway refuses while it is still being sent (413 from Content-Length or
// after 1 MiB of a chunked body). The gateway answers and closes the connection, so the client's
// remaining writes may fail (EPIPE, ECONNRESET) after the answer has arrived: fetch reports that as
// a failure on a busy machine, node:http still hands over the answer.
import http from 'node:http';

export interface RefusedUpload {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function uploadRefused(url: string, headers: http.OutgoingHttpHeaders, send: (req: http.ClientRequest) => void): Promise<RefusedUpload> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {method: 'POST', headers});
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, text}));
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    send(req);
  });
}
