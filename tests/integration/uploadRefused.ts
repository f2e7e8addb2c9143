// A POST whose body the gateway refuses while it is still being sent (413 from Content-Length or
// after 1 MiB of a chunked body). The gateway answers, then reads and drops the rest before it
// closes (a lingering close), so the client's remaining writes succeed and it reads the answer; a
// write error here means the gateway reset a client mid-upload.
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
    req.on('error', reject);
    send(req);
  });
}
