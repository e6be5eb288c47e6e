import { configuredHosts, postOrigin } from '@/server/request-guards.mjs';
import { requestContext } from '@/lib/leads/request-context';
import { answerLeadPost } from '@/lib/leads/run';

// `POST /api/leads/<name>`: where the lead forms post when the page's JavaScript runs (see
// lib/leads/endpoints.ts). `npm start` answers these posts before Next (server/lead-endpoint.mjs, the
// same `answerLeadPost`); this handler serves them under `next dev` and if that fast path is off.

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

export async function POST(request: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const headers = Object.fromEntries(request.headers);
  if (postOrigin({ headers } as never, configuredHosts()) === 'foreign') {
    return json({ status: 'failed', title: 'Form not accepted', message: 'This form was sent from another website, so it was not accepted.' }, 403);
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return json({ status: 'failed', title: 'Form not readable', message: 'What was sent could not be read as a form.' }, 400);
  }
  const ctx = await requestContext();
  const answer = await answerLeadPost(name, formData, { ip: ctx.ip, requestId: ctx.requestId });
  return json(answer.state, answer.status);
}
