// Validates the settings before anything starts; prints which variable is wrong and exits 1.
import "./load-env";
import { EnvError, env } from "../lib/env";

try {
  const settings = env();
  const on = (v: unknown) => (v ? "설정됨" : "없음");
  console.log(
    `  언어 모델: ${on(settings.LLM_BASE_URL)} · 임베딩: ${on(settings.EMBEDDINGS_BASE_URL)} · 리랭커: ${on(settings.RERANK_BASE_URL)} · 저장소: ${settings.VECTOR_STORE}`,
  );
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
