document.getElementById("marketing-state").textContent = "ran";
