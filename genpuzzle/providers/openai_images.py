"""The ``openai`` provider: any OpenAI-compatible image-edit endpoint, through the official ``openai`` client.

Input image + instruction in, one image out (``images.edit``). ``base_url`` points the client at a
self-hosted server that speaks the same API. The key comes from the environment variable named by
``api_key_env`` and is never recorded. The client's own retries are off: the runner retries (and counts)
rate limits, server errors and timeouts, honouring ``Retry-After``.
"""

from __future__ import annotations

import base64
import email.utils
import os
import time
from typing import Any

from genpuzzle.errors import GenpuzzleError
from genpuzzle.providers import AnswerRequest, ProviderAnswer, ProviderError, TransientProviderError

DEFAULT_MODEL = "gpt-image-1"


class OpenAIImageProvider:
    name = "openai"

    def __init__(self, model: str | None = None, base_url: str | None = None, api_key_env: str | None = None,
                 timeout: float = 600.0, size: str | None = None, quality: str | None = None,
                 extra: dict[str, Any] | None = None, **_: Any):
        try:
            import openai
        except ImportError:  # pragma: no cover - openai is a dependency
            raise GenpuzzleError("provider 'openai' needs the openai package: pip install openai") from None
        env = api_key_env or "OPENAI_API_KEY"
        key = os.environ.get(env)
        if not key:
            if base_url is None:
                raise GenpuzzleError(f"provider 'openai': environment variable {env} is not set "
                                     "(set it, or name another with --api-key-env)")
            key = "unused"  # self-hosted servers often need none; the client insists on a value
        self.model = model or DEFAULT_MODEL
        self.base_url = base_url
        self.timeout = timeout
        self.params: dict[str, Any] = {k: v for k, v in (("size", size), ("quality", quality)) if v is not None}
        self.params.update(extra or {})
        self._openai = openai
        self._client = openai.OpenAI(api_key=key, base_url=base_url, timeout=timeout, max_retries=0)

    def describe(self) -> dict[str, Any]:
        return {"model": self.model, "base_url": self.base_url, "timeout": self.timeout, **self.params}

    def answer(self, request: AnswerRequest) -> ProviderAnswer:
        openai = self._openai
        try:
            with open(request.input_path, "rb") as image:
                response = self._client.images.edit(
                    image=(request.input_path.name, image, "image/png"), prompt=request.instruction,
                    model=self.model, n=1, **self.params)
        except openai.APITimeoutError:
            raise TransientProviderError(f"timed out after {self.timeout:g} s") from None
        except openai.APIConnectionError as err:
            raise TransientProviderError(f"connection failed: {err}") from None
        except openai.APIStatusError as err:
            message = f"HTTP {err.status_code}: {_short(err.message)}"
            if err.status_code in (408, 409, 429) or err.status_code >= 500:
                raise TransientProviderError(message, retry_after(err.response.headers)) from None
            raise ProviderError(message) from None
        data = getattr(response, "data", None) or []
        if not data:
            raise ProviderError("the response holds no image")
        first = data[0]
        if getattr(first, "b64_json", None):
            image_bytes = base64.b64decode(first.b64_json)
        elif getattr(first, "url", None):
            image_bytes = self._download(first.url)
        else:
            raise ProviderError("the response's image has neither b64_json nor url")
        usage = response.usage.model_dump() if getattr(response, "usage", None) is not None else None
        return ProviderAnswer(image_bytes, usage=usage)

    def _download(self, url: str) -> bytes:
        import urllib.error
        import urllib.request

        try:
            with urllib.request.urlopen(url, timeout=self.timeout) as reply:
                return reply.read()
        except urllib.error.HTTPError as err:
            if err.code == 429 or err.code >= 500:
                raise TransientProviderError(f"image download: HTTP {err.code}", retry_after(err.headers)) from None
            raise ProviderError(f"image download: HTTP {err.code}") from None
        except (urllib.error.URLError, TimeoutError, OSError) as err:
            raise TransientProviderError(f"image download failed: {err}") from None


def retry_after(headers: Any) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``retry-after`` (seconds or an HTTP date), if sent."""
    if headers is None:
        return None
    value = headers.get("retry-after-ms")
    if value:
        try:
            return max(0.0, float(value) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        parsed = email.utils.parsedate_to_datetime(value) if value else None
        return max(0.0, parsed.timestamp() - time.time()) if parsed else None


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
