/**
 * The notify step: `POST {baseUrl}/email/send-notification` (docs/requirements.md ). Any HTTP answer is
 * `ok: true` (the server spoke); only a request that got no answer is a failure.
 */
import type { NotifyOutcome, NotifyStep } from "./deliver";
import { answerText, createPoster, type HttpStepOptions } from "./http";
import type { ContactMessage } from "./message";
import { NOTIFY_PATH, type NotifyRequestBody } from "./protocol";

export function createNotify(options: HttpStepOptions): NotifyStep {
  const post = createPoster(options, NOTIFY_PATH, "notification server");

  return async (message: ContactMessage): Promise<NotifyOutcome> => {
    const body: NotifyRequestBody = { name: message.name, email: message.email, message: message.message };
    const answer = await post(body, message.id);
    if (!answer.ok) return answer;

    const success = answer.json?.success === true;
    const text = success
      ? (answerText(answer.json, "msg") ?? "")
      : (answerText(answer.json, "error") ?? `The notification server answered with HTTP ${answer.status}.`);
    return { ok: true, success, text, status: answer.status, retryAfterMs: answer.retryAfterMs };
  };
}
