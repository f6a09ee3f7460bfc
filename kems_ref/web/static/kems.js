// kems-ref's page: htmx does the taps; this only says so when a tap got no answer at all (the server
// unreachable, the network gone), in the page's language, where the page shows a failed tap's message.
document.addEventListener("htmx:sendError", function () {
  var slot = document.getElementById("tap-error");
  if (slot) {
    var message = document.createElement("p");
    message.className = "error";
    message.textContent = document.body.getAttribute("data-no-answer");
    slot.replaceChildren(message);
  }
});
document.addEventListener("htmx:beforeRequest", function (event) {
  var slot = document.getElementById("tap-error");
  var source = event.detail && event.detail.elt;
  if (slot && !(source && source.id === "score")) {  // a new tap (not the score's poll): the last message goes
    slot.replaceChildren();
  }
});
