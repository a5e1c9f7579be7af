/** The `local` save step (no Firebase configured): `POST {baseUrl}/api/messages` to the bundled server. */
import type { SaveOutcome, SaveStep } from "./deliver";
import { isRetryableStatus } from "./failure";
import { answerText, createPoster, type HttpStepOptions } from "./http";
import type { ContactMessage } from "./message";
import { MESSAGES_PATH, type StoreRequestBody } from "./protocol";

export function createLocalSave(options: HttpStepOptions): SaveStep {
  const post = createPoster(options, MESSAGES_PATH, "message store");

  return async (message: ContactMessage): Promise<SaveOutcome> => {
    const body: StoreRequestBody = {
      id: message.id,
      name: message.name,
      email: message.email,
      message: message.message,
    };
    const answer = await post(body, message.id);
    if (!answer.ok) return answer;

    const { status, json } = answer;
    const is2xx = status >= 200 && status <= 299;
    // A 2xx is a save unless the body explicitly refuses it, or it is an HTML page (a static
    // host's SPA fallback answering 200 with index.html: nothing was stored).
    const refusedIn2xx =
      json?.success === false || (json === undefined && /text\/html/i.test(answer.contentType));
    if (is2xx && !refusedIn2xx) return { ok: true };

    const fallback = is2xx
      ? `The message store answered HTTP ${status} without storing the message.`
      : `The message store answered with HTTP ${status}.`;
    return {
      ok: false,
      reason: "rejected",
      retryable: isRetryableStatus(status),
      error: answerText(json, "error") ?? fallback,
      status,
      retryAfterMs: answer.retryAfterMs,
    };
  };
}
