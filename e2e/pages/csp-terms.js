// External script of csp.html (inline script is forbidden there): two <adpx-terms>, one per mode.
// The terms use every element the spec allows; with `?hostile` they also carry inline script and
// style that the sanitiser must remove.
const allowed = [
  '<p>Valid for <strong>new</strong> customers until <b>31 December</b>.<br>One per household.</p>',
  '<ul><li><i>Online</i> only</li><li><u>No</u> cash value</li></ul><ol><li><s>$20</s> $10</li></ol>',
  '<table><thead><tr><th>Plan</th><th>Fee</th></tr></thead><tbody><tr><td>Gold</td><td>$0<sup>1</sup></td></tr></tbody></table>',
  '<p><small>H<sub>2</sub>O <span>footnote</span></small></p>',
  '<p><a href="https://example.com/terms">Full terms</a> <a href="mailto:help@example.com">Email</a></p>',
];
const hostile = [
  '<p><a href="javascript:alert(1)" style="color:red">bad</a></p>',
  '<img src="x" onerror="alert(1)"><style>p { color: red }</style><script>alert(1)</script>',
];
const terms = [...allowed, ...(new URLSearchParams(location.search).has('hostile') ? hostile : [])].join('');

const slot = document.getElementById('slot');
for (const mode of ['accordion', 'modal']) {
  const element = document.createElement('adpx-terms');
  element.mode = mode;
  element.html = terms;
  element.id = `terms-${mode}`;
  slot.append(element);
}
