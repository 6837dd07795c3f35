// Demo glue for the host stand-ins: an "app" around one or more WebViews (iframes of
// webview.html), with a visible log of every message the native side received.
const log = document.getElementById('log');

/** Shows one message as the host got it; url_clicked gets an "open externally" link. */
function show(label, shape, event, url, webview) {
  const item = document.createElement('li');
  const title = document.createElement('strong');
  title.textContent = `${event ?? '?'} `;
  const from = document.createElement('small');
  from.textContent = `[${webview} WebView] `;
  const code = document.createElement('code');
  code.textContent = `${label}(${shape})`;
  item.append(title, from, code);
  if (url) {
    const open = document.createElement('a');
    open.href = url;
    open.target = '_blank';
    open.rel = 'noopener';
    open.textContent = ' open in the external browser';
    item.append(open);
  }
  log.prepend(item);
}

const urlOf = (payload) =>
  payload && typeof payload.target_url === 'string' ? payload.target_url : undefined;

/** Called by the fake bridge inside a WebView with the arguments the native side receives. */
window.hostReceived = (host, args, webview) => {
  const shape = args.map((a) => JSON.stringify(a)).join(', ');
  if (host === 'ios') {
    const [message] = args;
    show(
      'webkit.messageHandlers.adpxCallback.postMessage',
      shape,
      message.event,
      urlOf(message.payload),
      webview,
    );
  } else if (host === 'android') {
    const [event, payload] = args;
    show('Android.adpxCallback', shape, event, urlOf(JSON.parse(payload)), webview);
  } else if (host === 'rn') {
    const message = JSON.parse(args[0]);
    show('ReactNativeWebView.postMessage', shape, message.event, urlOf(message.payload), webview);
  } else if (host === 'flutter') {
    const [, event, payload] = args;
    show('callHandler', shape, event, urlOf(JSON.parse(payload)), webview);
  }
};

/** Adds a WebView to the app; hidden ones are 0x0, as the SDK prefetch WebView. */
window.addWebView = (query, { hidden = false } = {}) => {
  const frame = document.createElement('iframe');
  frame.src = `webview.html?${query}`;
  frame.title = hidden ? 'Hidden prefetch WebView' : 'Checkout WebView';
  if (hidden) frame.className = 'hidden-webview';
  document.getElementById('device').append(frame);
  return new Promise((resolve) => frame.addEventListener('load', () => resolve(frame), { once: true }));
};

/** The number of offers requests the mock service received (its control endpoint). */
window.countRequests = async () => {
  try {
    const { requests } = await (await fetch('/__mock/requests')).json();
    return requests.length;
  } catch {
    return NaN;
  }
};

document.getElementById('reset')?.addEventListener('click', async () => {
  await fetch('/__mock/reset', { method: 'POST' });
  localStorage.clear();
  location.reload();
});
