document.getElementById("analytics-state").textContent = "ran";
